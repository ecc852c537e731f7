import { z } from "zod";
import { LOCALES } from "@/lib/i18n/locales";
import { hasVisibleChar, PRINTABLE_NOTE, requiredPrintable, unprintableChar } from "@/lib/printable";
import { IataCode, pageQuery, Reason, requiredText, Text, Urn, UtcTimestamp } from "@/lib/primitives";
import { CaseMode, CaseSort, CaseStatus, FlightStatus, SortOrder, SPECIAL_NEEDS, SpecialNeed, Tier, TIERS } from "@/lib/vocabulary";
import { Disruption } from "./disruption";
import { maxManifestPassengers } from "./limits";

/** The requests the case verbs accept; every string is a Text (no NUL) and every time a bounded UtcTimestamp. */

/** Airline designator (two characters, not both digits), 1–4 digits, optional operational suffix. */
export const FlightNumber = Text.trim()
  .toUpperCase()
  .regex(/^(?:[A-Z]{2}|[A-Z][0-9]|[0-9][A-Z])[0-9]{1,4}[A-Z]?$/, "a flight number: airline designator, 1–4 digits, optional letter (e.g. AF1234)")
  .meta({ example: "AF1234" });

/** Group ids appear in paths (split), so they stay URL-safe. */
export const GroupId = Text.trim()
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/, "1–64 letters, digits, '.', '_' or '-'")
  .meta({ description: "group id; defaults to the PNR" });

export const Pnr = Text.trim()
  .regex(/^[A-Za-z0-9]{1,32}$/, "1–32 letters or digits")
  .meta({ description: "booking record locator", example: "X7K2QP" });

/**
 * A new passenger's id: shown in bookings.csv, on the case page and in the audit, so it holds no
 * line break, control or bidi character, as names do (lib/printable.ts).
 */
export const PassengerId = requiredPrintable(64);
/** A passenger id naming a stored passenger (a split, an erasure): any id the API ever took, so one stored before the rule above is still reachable. */
export const StoredPassengerId = requiredText(64);
/** Printed on vouchers and rooming lists: no line breaks, controls or bidi overrides (lib/printable.ts). */
const Name = requiredPrintable(100);
const blankIsAbsent = (v: unknown) => (v === "" || v === null ? undefined : v);
export const Email = z.email("not an email address").max(254).refine((v) => !v.includes("\u0000"), "not an email address");
export const Phone = Text.trim().regex(/^\+?[0-9][0-9 ().-]{3,24}$/, "a phone number: digits, optionally +, spaces, dots, dashes, parentheses");

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

/**
 * Absent, null, blank or with no visible character (only zero-width or filler characters): the
 * manifest does not say. A value holding a refused character stays, for the schema to refuse.
 */
const missingAsNull = (v: unknown) =>
  v === undefined || v === null || (typeof v === "string" && !unprintableChar(v) && !hasVisibleChar(v)) ? null : v;

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

const INCOMPLETE_NOTE = "absent, null, blank or without a visible character is accepted (stored as null; the group is listed in a DATA_INCOMPLETE review item); a present value must be valid and hold no line break, control or bidi-override character (422)";

export const NewPassenger = z
  .object({
    id: PassengerId.meta({ description: `required: the passenger's identity in the case, 1–64 characters; ${PRINTABLE_NOTE}` }),
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
    language: z
      .enum(LOCALES)
      .optional()
      .meta({ description: `optional: the passenger's language for the voucher, messages and passenger page, one of ${LOCALES.join(", ")}; absent: English, or what the passenger picks on the page` }),
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

/**
 * Counts the passengers of a raw manifest before any of them is parsed: a 60,000-passenger body is
 * refused in microseconds instead of being validated, stored and flagged for seconds.
 */
function withinPassengerLimit(groups: unknown, ctx: z.RefinementCtx): unknown {
  if (!Array.isArray(groups)) return groups;
  let count = 0;
  for (const g of groups) if (g && typeof g === "object" && Array.isArray((g as { passengers?: unknown }).passengers)) count += (g as { passengers: unknown[] }).passengers.length;
  const max = maxManifestPassengers();
  if (count > max) {
    ctx.addIssue({ code: "custom", message: `a manifest holds at most ${max} passengers (BULK_MAX_ROWS); this one has ${count}: split it into several cases or uploads` });
    return z.NEVER;
  }
  return groups;
}

export const NewCase = z
  .object({
    externalEventId: requiredText(200).meta({ description: "the upstream event's id; the idempotency key" }),
    flight: NewFlight,
    nextFlight: NewNextFlight.nullish(),
    disruption: Disruption.optional(),
    passengerGroups: z
      .preprocess(withinPassengerLimit, z.array(NewPassengerGroup).max(5000))
      .meta({ description: "at most 5,000 passengers in all (the BULK_MAX_ROWS setting), else 422 naming passengerGroups" }),
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

export const CaseListQuery = z.object({
  status: CaseStatus.optional(),
  airport: IataCode.optional().meta({ description: "one airport; 403 OUT_OF_SCOPE outside the caller's airports" }),
  flight: FlightNumber.optional().meta({ description: "disrupted flight number" }),
  mode: CaseMode.optional(),
  externalEventId: Text.min(1).optional(),
  q: Text.trim()
    .min(2)
    .max(100)
    .optional()
    .meta({ description: "free text, case-insensitive: part of the flight number, a PNR, a passenger's name or the external event id" }),
  sort: CaseSort.default("created"),
  order: SortOrder.optional().meta({ description: "asc or desc; default desc for created, asc otherwise" }),
  ...pageQuery,
});
export type CaseListQuery = z.infer<typeof CaseListQuery>;

export const SplitGroupBody = z
  .object({
    into: z
      .array(z.array(StoredPassengerId).min(1, "a part has at least one passenger"))
      .min(2, "split into at least two parts")
      .meta({ description: "lists of passenger ids; every passenger of the group exactly once" }),
    reason: Reason,
  })
  .meta({ id: "SplitGroup" });
export type SplitGroupBody = z.infer<typeof SplitGroupBody>;

export const MergeGroupsBody = z
  .object({
    groupIds: z.array(Text.trim().min(1)).min(2, "merge at least two groups").meta({ description: "the first keeps its id; the others join it" }),
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

// What the verbs take: the request plus the path's identifiers ----------------------------------------

const CaseUrn = Urn("case");
export const CaseRef = z.object({ caseUrn: CaseUrn });
export const CloseCaseInput = CaseRef.extend({ reason: Reason });
export type CloseCaseInput = z.input<typeof CloseCaseInput>;
export const ReopenCaseInput = CloseCaseInput;
export type ReopenCaseInput = CloseCaseInput;
export const SplitGroupInput = SplitGroupBody.extend({ caseUrn: CaseUrn, groupId: requiredText(64) });
export type SplitGroupInput = z.input<typeof SplitGroupInput>;
export const MergeGroupsInput = MergeGroupsBody.extend({ caseUrn: CaseUrn });
export type MergeGroupsInput = z.input<typeof MergeGroupsInput>;
export const ReaccommodateInput = ReaccommodateBody.extend({ caseUrn: CaseUrn });
export type ReaccommodateInput = z.input<typeof ReaccommodateInput>;
