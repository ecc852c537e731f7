import { z } from "zod";
import { pageQuery } from "@/lib/api/params";
import { Reason } from "@/lib/api/reason";
import { ReviewItem } from "@/lib/review/schemas";

// ---------------------------------------------------------------------------------------------
// Vocabularies

export const TIERS = ["FIRST", "BUSINESS", "PREMIUM_ECONOMY", "ECONOMY", "CREW"] as const;
export const Tier = z.enum(TIERS).meta({ id: "PassengerTier" });
export type Tier = z.infer<typeof Tier>;

/** Contract part 4 names the first four; the others are the usual SSR-style needs a voucher must carry. */
export const SPECIAL_NEEDS = [
  "WHEELCHAIR",
  "CONNECTING_ROOMS",
  "EARLY_CHECK_IN",
  "INFANT",
  "VISUAL_IMPAIRMENT",
  "HEARING_IMPAIRMENT",
  "SERVICE_ANIMAL",
  "MEDICAL",
  "UNACCOMPANIED_MINOR",
] as const;
export const SpecialNeed = z.enum(SPECIAL_NEEDS).meta({ id: "SpecialNeed" });
export type SpecialNeed = z.infer<typeof SpecialNeed>;

export const OPERATIONAL_STATUSES = [
  "AWAITING_ALLOCATION",
  "ALLOCATED",
  "HELD",
  "BOOKED",
  "CHECKED_OUT",
  "LOCAL_RESIDENT",
  "CANCELLED",
] as const;
export const OperationalStatus = z.enum(OPERATIONAL_STATUSES).meta({ id: "OperationalStatus" });
export type OperationalStatus = z.infer<typeof OperationalStatus>;

export const CASE_STATUSES = ["OPEN", "ALLOCATING", "BOOKING", "ACCOMMODATED", "MANUAL_REVIEW", "CLOSED", "REOPENED"] as const;
export const CaseStatus = z.enum(CASE_STATUSES).meta({ id: "CaseStatus" });
export type CaseStatus = z.infer<typeof CaseStatus>;

export const CaseMode = z
  .enum(["LIVE", "DRILL", "SHADOW"])
  .meta({ id: "CaseMode", description: "DRILL and SHADOW cases need the ADMIN role" });
export type CaseMode = z.infer<typeof CaseMode>;

export const FLIGHT_STATUSES = ["CANCELLED", "DELAYED", "DIVERTED", "SCHEDULED"] as const;
export const FlightStatus = z.enum(FLIGHT_STATUSES).meta({ id: "FlightStatus" });

// ---------------------------------------------------------------------------------------------
// Input building blocks

const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function realCalendarDate(value: string): boolean {
  const [, y, m, d] = /^(\d{4})-(\d{2})-(\d{2})/.exec(value) ?? [];
  const year = Number(y);
  const month = Number(m);
  const day = Number(d);
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return month >= 1 && month <= 12 && day >= 1 && day <= (month === 2 && !leap ? 28 : DAYS_IN_MONTH[month - 1]);
}

/** `2026-11-21T18:05:00Z`: whole seconds print without milliseconds, as the contract writes times. */
export function toUtcIso(value: string | Date): string {
  const iso = new Date(value).toISOString();
  return iso.endsWith(".000Z") ? `${iso.slice(0, -5)}Z` : iso;
}

/** An ISO 8601 timestamp with a zone (Z or an offset); stored and answered in UTC. */
export const UtcTimestamp = z
  .iso.datetime({ offset: true })
  .refine(realCalendarDate, "not a real calendar date")
  .transform(toUtcIso)
  .meta({ description: "ISO 8601 timestamp with Z or an offset, e.g. 2026-11-21T18:05:00Z; answered in UTC" });

export const IataCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3}$/, "a three-letter IATA airport code")
  .meta({ description: "IATA airport code; must be a known airport", example: "CDG" });

/** Airline designator (two characters, not both digits), 1–4 digits, optional operational suffix. */
export const FlightNumber = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^(?:[A-Z]{2}|[A-Z][0-9]|[0-9][A-Z])[0-9]{1,4}[A-Z]?$/, "a flight number: airline designator, 1–4 digits, optional letter (e.g. AF1234)")
  .meta({ example: "AF1234" });

/** Group ids appear in paths (split), so they stay URL-safe. */
export const GroupId = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/, "1–64 letters, digits, '.', '_' or '-'")
  .meta({ description: "group id; defaults to the PNR" });

export const Pnr = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9]{1,32}$/, "1–32 letters or digits")
  .meta({ description: "booking record locator", example: "X7K2QP" });

export const PassengerId = z.string().trim().min(1, "required").max(64);
const Name = z.string().trim().min(1, "required").max(100);
const blankIsAbsent = (v: unknown) => (v === "" || v === null ? undefined : v);
export const Email = z.email("not an email address").max(254);
export const Phone = z
  .string()
  .trim()
  .regex(/^\+?[0-9][0-9 ().-]{3,24}$/, "a phone number: digits, optionally +, spaces, dots, dashes, parentheses");

export const NewFlight = z
  .object({
    number: FlightNumber,
    origin: IataCode.meta({ description: "the airport that owns the case; must be in the caller's airports" }),
    destination: IataCode,
    scheduledDeparture: UtcTimestamp,
    status: FlightStatus,
  })
  .meta({ id: "NewFlight" });

export const NewNextFlight = z
  .object({ number: FlightNumber, scheduledDeparture: UtcTimestamp })
  .meta({ id: "NewNextFlight", description: "the connection the passengers are re-accommodated on" });

/** Absent, null or blank: the manifest does not say. */
const missingAsNull = (v: unknown) => (v === undefined || v === null || (typeof v === "string" && v.trim() === "") ? null : v);

/**
 * A manifest field the feed may lack: stored as null and reported in a DATA_INCOMPLETE review item
 * instead of refusing the case (one record missing a name must not strand hundreds of passengers).
 * A present value must still be valid.
 */
const mayBeMissing = <T extends z.ZodType>(schema: T) =>
  z
    .preprocess(missingAsNull, schema.nullable())
    .optional()
    .transform((v) => v ?? null);

const INCOMPLETE_NOTE = "absent, null or blank is accepted (stored as null; the group is listed in a DATA_INCOMPLETE review item); a present value must be valid";

export const NewPassenger = z
  .object({
    id: PassengerId.meta({ description: "required: the passenger's identity in the case" }),
    firstName: mayBeMissing(Name).meta({ description: `1–100 characters; ${INCOMPLETE_NOTE}` }),
    lastName: mayBeMissing(Name).meta({ description: `1–100 characters; ${INCOMPLETE_NOTE}` }),
    tier: mayBeMissing(Tier).meta({ description: `one of ${TIERS.join(", ")}; ${INCOMPLETE_NOTE}` }),
    email: z.preprocess(blankIsAbsent, Email.optional()),
    phone: z.preprocess(blankIsAbsent, Phone.optional()),
    specialNeeds: z
      .array(SpecialNeed)
      .max(SPECIAL_NEEDS.length)
      .default([])
      .transform((needs) => [...new Set(needs)]),
  })
  .meta({
    id: "NewPassenger",
    description:
      "`id` is required. A missing firstName, lastName or tier does not refuse the case: the passenger is stored with that " +
      "field null and the group gets a DATA_INCOMPLETE review item (LOW). Contact details are optional and raise nothing.",
  });
export type NewPassenger = z.output<typeof NewPassenger>;

export const NewPassengerGroup = z
  .object({
    groupId: GroupId.optional(),
    pnr: Pnr.meta({ description: "required: the booking record locator, the group's identity", example: "X7K2QP" }),
    passengers: z.array(NewPassenger).min(1, "a group has at least one passenger").max(999),
  })
  .meta({ id: "NewPassengerGroup" });

export const NewCase = z
  .object({
    externalEventId: z.string().trim().min(1, "required").max(200).meta({ description: "the upstream event's id; the idempotency key" }),
    flight: NewFlight,
    nextFlight: NewNextFlight.nullish(),
    passengerGroups: z.array(NewPassengerGroup).max(5000),
    mode: CaseMode.default("LIVE"),
  })
  .superRefine((c, issue) => {
    if (c.flight.origin === c.flight.destination) {
      issue.addIssue({ code: "custom", path: ["flight", "destination"], message: "must differ from the origin" });
    }
    if (c.nextFlight && Date.parse(c.nextFlight.scheduledDeparture) <= Date.parse(c.flight.scheduledDeparture)) {
      issue.addIssue({ code: "custom", path: ["nextFlight", "scheduledDeparture"], message: "must be after the disrupted flight's scheduledDeparture" });
    }
    const groups = new Set<string>();
    const passengers = new Set<string>();
    c.passengerGroups.forEach((g, gi) => {
      const id = g.groupId ?? g.pnr;
      if (groups.has(id)) issue.addIssue({ code: "custom", path: ["passengerGroups", gi, g.groupId ? "groupId" : "pnr"], message: `duplicate group id ${id}` });
      groups.add(id);
      g.passengers.forEach((p, pi) => {
        if (passengers.has(p.id)) issue.addIssue({ code: "custom", path: ["passengerGroups", gi, "passengers", pi, "id"], message: `duplicate passenger id ${p.id}` });
        passengers.add(p.id);
      });
    });
  })
  .meta({ id: "NewCase" });
export type NewCase = z.output<typeof NewCase>;

// ---------------------------------------------------------------------------------------------
// Records out

const Money = z.object({ amount: z.number(), currency: z.string() });
const Iso = z.iso.datetime();

export const Flight = z
  .object({ number: z.string(), origin: z.string(), destination: z.string(), scheduledDeparture: Iso, status: z.string() })
  .meta({ id: "Flight" });
export const NextFlight = z.object({ number: z.string(), scheduledDeparture: Iso }).meta({ id: "NextFlight" });

export const Passenger = z
  .object({
    id: z.string(),
    firstName: z.string().nullable().meta({ description: "null when the manifest lacked it (DATA_INCOMPLETE)" }),
    lastName: z.string().nullable().meta({ description: "null when the manifest lacked it (DATA_INCOMPLETE)" }),
    tier: Tier.nullable().meta({ description: "null when the manifest lacked it (DATA_INCOMPLETE); rooms count such a passenger as non-crew" }),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    specialNeeds: z.array(z.string()),
    operationalStatus: OperationalStatus,
  })
  .meta({ id: "Passenger" });
export type Passenger = z.infer<typeof Passenger>;

export const PassengerGroup = z
  .object({
    groupId: z.string(),
    pnr: z.string(),
    tier: Tier.nullable().meta({
      description: "the tier of the passengers whose tier is known; null while they span several tiers (mixedTier) or when no passenger's tier is known",
    }),
    mixedTier: z.boolean().meta({ description: "the known tiers differ; unknown tiers are ignored" }),
    dataIncomplete: z.boolean().meta({ description: "some passenger lacks firstName, lastName or tier (see the DATA_INCOMPLETE review item)" }),
    passengerIds: z.array(z.string()),
    passengers: z.array(Passenger),
    rooms: z.number().int().meta({ description: "one per two passengers, rounded up; CREW one per member" }),
    operationalStatus: z.record(z.string(), OperationalStatus).meta({ description: "passenger id → status" }),
    hotelUrn: z.string().nullable(),
    reservationUrn: z.string().nullable(),
  })
  .meta({ id: "PassengerGroup" });
export type PassengerGroup = z.infer<typeof PassengerGroup>;

export const Stay = z
  .object({
    from: Iso.meta({ description: "the disrupted flight's scheduled departure" }),
    until: Iso.meta({ description: "the next flight's scheduled departure" }),
    nights: z.number().int().min(1).meta({ description: "calendar nights at the airport (its time zone) between the two, at least 1" }),
    overnight: z.boolean().meta({ description: "false when the next flight leaves on the same local calendar day: passengers not yet booked are LOCAL_RESIDENT" }),
    timeZone: z.string(),
  })
  .meta({ id: "Stay" });
export type Stay = z.infer<typeof Stay>;

export const CaseWave = z
  .object({
    urn: z.string(),
    demandUrn: z.string().nullable(),
    status: z.string(),
    allocations: z.array(z.unknown()),
    held: z.array(z.unknown()),
    totalCost: Money.nullable(),
    createdAt: Iso,
  })
  .meta({ id: "CaseWave", description: "the latest allocation wave; GET /allocation/wave/{waveUrn} has the full record" });

export const CaseReservation = z
  .object({
    urn: z.string(),
    status: z.string(),
    waveUrn: z.string(),
    groupId: z.string(),
    hotelUrn: z.string(),
    provider: z.string(),
    rooms: z.number().int(),
    checkIn: Iso,
    checkOut: Iso,
    total: Money,
    payment: z.object({ method: z.enum(["GUARANTEE", "CARD"]) }),
    cancellationReason: z.string().nullable(),
    createdAt: Iso,
    updatedAt: Iso,
  })
  .meta({ id: "CaseReservation" });

export const CaseDemand = z
  .object({
    urn: z.string(),
    type: z.string(),
    roomsRequested: z.number().int(),
    status: z.string(),
    automatic: z.boolean(),
    decidedBy: z.string().nullable(),
    decidedAt: Iso.nullable(),
    decisionReason: z.string().nullable(),
    policyUrn: z.string().nullable(),
    policyVersion: z.number().int().nullable(),
    roomsAllocated: z.number().int(),
    roomsBooked: z.number().int(),
    createdBy: z.string(),
    createdAt: Iso,
  })
  .meta({ id: "CaseDemand" });

export const Case = z
  .object({
    urn: z.string(),
    externalEventId: z.string(),
    mode: CaseMode,
    airport: z.string().meta({ description: "flight.origin" }),
    airline: z.string().meta({ description: "the designator that starts flight.number" }),
    flight: Flight,
    nextFlight: NextFlight.nullable(),
    stay: Stay.nullable().meta({ description: "null until a next flight is known" }),
    status: CaseStatus,
    passengerCount: z.number().int(),
    roomsNeeded: z.number().int().meta({ description: "sum of the groups' rooms" }),
    passengerGroups: z.array(PassengerGroup),
    wave: CaseWave.nullable(),
    reservations: z.array(CaseReservation),
    manualReviewItems: z.array(ReviewItem),
    demands: z.array(CaseDemand),
    createdBy: z.string(),
    createdAt: Iso,
    updatedAt: Iso,
    closedAt: Iso.nullable(),
    closeReason: z.string().nullable(),
    revision: z.number().int().meta({ description: "bumped by every change to the case" }),
  })
  .meta({ id: "Case" });
export type Case = z.infer<typeof Case>;

export const CaseSummary = z
  .object({
    urn: z.string(),
    externalEventId: z.string(),
    mode: CaseMode,
    airport: z.string(),
    airline: z.string(),
    flight: Flight,
    nextFlight: NextFlight.nullable(),
    status: CaseStatus,
    passengers: z.number().int(),
    roomsNeeded: z.number().int(),
    roomsRequested: z.number().int().meta({ description: "sum of the case's demands that are not REJECTED" }),
    roomsBooked: z.number().int().meta({ description: "rooms of CONFIRMED or CHECKED_OUT reservations" }),
    openReviewItems: z.number().int().meta({ description: "review items not RESOLVED" }),
    createdAt: Iso,
    updatedAt: Iso,
    revision: z.number().int(),
  })
  .meta({ id: "CaseSummary" });
export type CaseSummary = z.infer<typeof CaseSummary>;

// ---------------------------------------------------------------------------------------------
// Requests

export const CaseListQuery = z.object({
  status: CaseStatus.optional(),
  airport: IataCode.optional().meta({ description: "one airport; 403 OUT_OF_SCOPE outside the caller's airports" }),
  flight: FlightNumber.optional().meta({ description: "disrupted flight number" }),
  mode: CaseMode.optional(),
  externalEventId: z.string().min(1).optional(),
  ...pageQuery,
});
export type CaseListQuery = z.infer<typeof CaseListQuery>;

export const SplitGroupBody = z
  .object({
    into: z
      .array(z.array(PassengerId).min(1, "a part has at least one passenger"))
      .min(2, "split into at least two parts")
      .meta({ description: "lists of passenger ids; every passenger of the group exactly once" }),
    reason: Reason,
  })
  .meta({ id: "SplitGroup" });
export type SplitGroupBody = z.infer<typeof SplitGroupBody>;

export const MergeGroupsBody = z
  .object({
    groupIds: z.array(z.string().trim().min(1)).min(2, "merge at least two groups").meta({ description: "the first keeps its id; the others join it" }),
    reason: Reason,
  })
  .meta({ id: "MergeGroups" });
export type MergeGroupsBody = z.infer<typeof MergeGroupsBody>;

export const CloseCaseBody = z.object({ reason: Reason }).meta({ id: "CloseCase" });
export const ReopenCaseBody = z.object({ reason: Reason }).meta({ id: "ReopenCase" });

export const ReaccommodateBody = z
  .object({
    nextFlight: NewNextFlight,
    reason: Reason.optional().meta({ description: "optional: the airline feed re-accommodates without one" }),
  })
  .meta({ id: "Reaccommodate" });
export type ReaccommodateBody = z.infer<typeof ReaccommodateBody>;

export const BulkRowError = z.object({ column: z.string(), message: z.string() });
export const BulkRowReport = z
  .object({
    row: z.number().int().meta({ description: "row number as the spreadsheet shows it: the header is row 1" }),
    pnr: z.string().nullable(),
    passengerId: z.string().nullable(),
    errors: z.array(BulkRowError),
  })
  .meta({ id: "BulkRowReport" });
export type BulkRowReport = z.infer<typeof BulkRowReport>;

export const BulkResult = z
  .object({
    added: z.number().int(),
    groupsCreated: z.number().int(),
    groupsUpdated: z.number().int(),
    case: Case,
  })
  .meta({ id: "BulkPassengersResult" });
