import { z } from "zod";
import { LOCALES } from "@/lib/i18n/locales";
import { CaseDemand } from "@/lib/records/demand";
import { IsoTime, idKeyedMap, Money } from "@/lib/primitives";
import { ReviewItem } from "@/lib/records/review";
import { CaseMode, CaseStatus, DisruptionCause, DisruptionKind, OPERATIONAL_STATUSES, OperationalStatus, PaymentMethod, Tier } from "@/lib/vocabulary";

/** The case records the API answers. Demands and review items are their own domains' shapes. */

export const Flight = z
  .object({ number: z.string(), origin: z.string(), destination: z.string(), scheduledDeparture: IsoTime, status: z.string() })
  .meta({ id: "Flight" });
/** The case's disruption as answered: always present, the defaults filled in. */
export const DisruptionRecord = z
  .object({ kind: DisruptionKind, cause: DisruptionCause, announcedAt: IsoTime.optional(), description: z.string().optional().meta({ description: "the cause in the airline's words" }) })
  .meta({ id: "CaseDisruption", description: "what happened and whose doing it was; a case created without one reads CANCELLATION / UNKNOWN" });

export const NextFlight = z.object({ number: z.string(), scheduledDeparture: IsoTime }).meta({ id: "NextFlight" });

export const Passenger = z
  .object({
    id: z.string(),
    firstName: z.string().nullable().meta({ description: "null when the manifest lacked it (DATA_INCOMPLETE)" }),
    lastName: z.string().nullable().meta({ description: "null when the manifest lacked it (DATA_INCOMPLETE)" }),
    tier: Tier.nullable().meta({ description: "null when the manifest lacked it (DATA_INCOMPLETE); rooms count such a passenger as non-crew" }),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    specialNeeds: z.array(z.string()),
    language: z.enum(LOCALES).nullable().meta({ description: "the passenger's language for vouchers, messages and the passenger page (manifest, upload or the page's switch); null: English or the browser's" }),
    operationalStatus: OperationalStatus,
    erasedAt: IsoTime.nullable().meta({
      description: "when the passenger's personal data (names, email, phone) was erased, on request or by retention; those fields are null from then on",
    }),
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
    // passenger ids are the caller's: a zod record would drop one named __proto__
    operationalStatus: idKeyedMap(OperationalStatus, { type: "string", enum: [...OPERATIONAL_STATUSES] }, "passenger id → status"),
    hotelUrn: z.string().nullable(),
    reservationUrn: z.string().nullable(),
  })
  .meta({ id: "PassengerGroup" });
export type PassengerGroup = z.infer<typeof PassengerGroup>;

export const Stay = z
  .object({
    from: IsoTime.meta({ description: "the disrupted flight's scheduled departure" }),
    until: IsoTime.meta({ description: "the next flight's scheduled departure" }),
    nights: z.number().int().min(1).meta({ description: "calendar nights at the airport (its time zone) between the two, at least 1" }),
    overnight: z.boolean().meta({ description: "false when the next flight leaves on the same local calendar day: passengers not yet booked are LOCAL_RESIDENT" }),
    timeZone: z.string(),
  })
  .meta({ id: "Stay" });
export type Stay = z.infer<typeof Stay>;

// the allocation and booking domains will own these shapes; until then the case record names them
export const CaseWave = z
  .object({
    urn: z.string(),
    demandUrn: z.string().nullable(),
    status: z.string(),
    allocations: z.array(z.unknown()),
    held: z.array(z.unknown()),
    totalCost: Money.nullable(),
    createdAt: IsoTime,
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
    checkIn: IsoTime,
    checkOut: IsoTime,
    total: Money,
    payment: z.object({ method: PaymentMethod }),
    cancellationReason: z.string().nullable(),
    previousUrn: z.string().nullable().meta({ description: "a re-accommodation's booking: the reservation whose stay this one continues or replaces" }),
    stayChange: z.enum(["CONTINUATION", "REPLACEMENT"]).nullable().meta({ description: "see Reservation.stayChange" }),
    createdAt: IsoTime,
    updatedAt: IsoTime,
  })
  .meta({ id: "CaseReservation" });

export const Case = z
  .object({
    urn: z.string(),
    externalEventId: z.string(),
    mode: CaseMode,
    airport: z.string().meta({ description: "flight.origin" }),
    airline: z.string().meta({ description: "the designator that starts flight.number" }),
    flight: Flight,
    nextFlight: NextFlight.nullable(),
    disruption: DisruptionRecord,
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
    createdAt: IsoTime,
    updatedAt: IsoTime,
    closedAt: IsoTime.nullable(),
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
    disruption: DisruptionRecord,
    status: CaseStatus,
    passengers: z.number().int(),
    roomsNeeded: z.number().int(),
    roomsRequested: z.number().int().meta({ description: "sum of the case's demands that are not REJECTED" }),
    roomsBooked: z.number().int().meta({ description: "rooms of CONFIRMED or CHECKED_OUT reservations" }),
    openReviewItems: z.number().int().meta({ description: "review items not RESOLVED" }),
    createdBy: z.string().meta({ description: "who opened the case: a user URN or a service client id" }),
    createdAt: IsoTime,
    updatedAt: IsoTime,
    revision: z.number().int(),
  })
  .meta({ id: "CaseSummary" });
export type CaseSummary = z.infer<typeof CaseSummary>;

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
