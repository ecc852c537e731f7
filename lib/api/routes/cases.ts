import { z } from "zod";
import { pageOf, textParam, urnParam } from "@/lib/api/params";
import { defineRoute } from "@/lib/api/route";
import {
  BulkResult,
  Case,
  CaseListQuery,
  CaseSummary,
  CloseCaseBody,
  MergeGroupsBody,
  NewCase,
  ReaccommodateBody,
  ReopenCaseBody,
  SplitGroupBody,
} from "@/lib/cases/schemas";
import { ErasePassengerBody } from "@/lib/privacy/inputs";

const CaseParams = z.object({ caseUrn: urnParam("case") });
const GroupParams = z.object({ caseUrn: urnParam("case"), groupId: textParam("group id (the PNR unless set or split)") });

export const createCaseRoute = defineRoute({
  method: "POST",
  path: "/cases",
  tag: "Cases",
  summary: "Create a case",
  description: [
    "Opens a case for a disrupted flight, normally called by the airline feed. Idempotent on (tenant, externalEventId):",
    "a repeat answers 200 with the existing case and changes nothing, also under concurrent identical requests; the",
    "first answers 201 with a Location header. A repeat by a caller whose airports do not include the existing case's",
    "answers 403 OUT_OF_SCOPE without naming that airport.",
    "",
    "The case belongs to the airport `flight.origin`, which must be in the caller's airports (403 OUT_OF_SCOPE);",
    "`flight.origin` and `flight.destination` must be known IATA airports (422 naming the field). `mode` DRILL or",
    "SHADOW needs the ADMIN role (403 FORBIDDEN). `groupId` defaults to the PNR; group ids and passenger ids are",
    "unique within the case (422). `nextFlight.scheduledDeparture` must be after `flight.scheduledDeparture`.",
    "Times may carry Z or an offset, are answered in UTC and must fall between 2000-01-01 and two years from now (422).",
    "At most 5,000 passengers (BULK_MAX_ROWS) per manifest (422 naming `passengerGroups`).",
    "",
    "Rooms per group: one per two passengers, rounded up; CREW one per member. The case starts OPEN. Passengers start",
    "AWAITING_ALLOCATION, or LOCAL_RESIDENT when `nextFlight` leaves no overnight gap (`stay.overnight: false`: the",
    "same local calendar day at the airport, and the disruption not before 05:00 local).",
    "",
    "Manifest checks at intake (the case is still created): a group whose passengers span several tiers is stored",
    "with `mixedTier: true` and `tier: null` (its passengers keep their tiers) and gets a MIXED_TIER_GROUP review",
    "item (LOW), one per group; the allocation preprocess would find it too, so it is raised as early as possible.",
    "A manifest missing required fields makes a DATA_INCOMPLETE review item, not an error: a passenger whose",
    "`firstName`, `lastName` or `tier` is absent, null or blank is stored with that field null, and the groups with",
    "such passengers are listed in one DATA_INCOMPLETE review item (LOW) per request, whose `detail` names the groups,",
    "passengers and missing fields; each group shows `dataIncomplete: true`. A group's tier comes from the passengers",
    "whose tier is known (null if none is); mixed-tier detection ignores unknown tiers; a passenger without a tier",
    "counts as non-crew for rooms. A present but invalid value (an unknown tier, a name over 100 characters, a bad",
    "email or phone, an unknown special need) is still 422 VALIDATION_FAILED, as is a missing passenger `id` or group",
    "`pnr` (identity keys). Email, phone and special needs are optional and raise nothing when absent.",
  ].join("\n"),
  permission: "case:create",
  sets: { status: ["OPEN"], "passengers.operationalStatus": ["AWAITING_ALLOCATION", "LOCAL_RESIDENT"] },
  body: NewCase,
  response: Case,
  status: 201,
  errors: [409, 422],
});

export const listCasesRoute = defineRoute({
  method: "GET",
  path: "/cases",
  tag: "Cases",
  summary: "List cases",
  description:
    "Cases of the caller's tenant in the caller's airports, newest first, with cursor pagination. Filters: status, airport " +
    "(an airport outside the caller's claims is 403 OUT_OF_SCOPE), flight (disrupted flight number), mode, externalEventId. " +
    "q searches, case-insensitively, for text (2–100 characters) in the flight number, the external event id, the PNRs and " +
    "the passengers' names (first last or last first). sort orders by created (default, newest first), flight, departure " +
    "(the disrupted flight's scheduled departure) or status (MANUAL_REVIEW, OPEN, REOPENED, ALLOCATING, BOOKING, ACCOMMODATED, " +
    "CLOSED); order asc or desc reverses it; a nextCursor only continues the sort it came from (another is 422). " +
    "A FEED client sees only the cases it created. roomsRequested sums the demands that are not REJECTED; roomsBooked sums " +
    "the rooms of CONFIRMED and CHECKED_OUT reservations.",
  permission: "case:read",
  query: CaseListQuery,
  response: pageOf(CaseSummary),
});

export const getCaseRoute = defineRoute({
  method: "GET",
  path: "/cases/{caseUrn}",
  tag: "Cases",
  summary: "Get a case",
  description:
    "The case record: flight, next flight and stay, passenger groups with per-passenger operationalStatus, the latest " +
    "allocation wave (or null), reservations, manual review items and demands. A FEED client reads only the cases it " +
    "created; another tenant's case is 404.",
  permission: "case:read",
  params: CaseParams,
  response: Case,
});

export const bulkPassengersRoute = defineRoute({
  method: "POST",
  path: "/cases/{caseUrn}/passengers:bulk",
  tag: "Cases",
  summary: "Add passengers from a spreadsheet",
  description: [
    "multipart/form-data with a `file` field: an .xlsx workbook (first worksheet) or a UTF-8 .csv file (comma, semicolon",
    "or tab separated), one passenger per row, with a header row naming the columns `pnr, passengerId, firstName,",
    "lastName, tier, email, phone, specialNeeds` (case-insensitive; spaces, `_` and `-` ignored; other columns ignored;",
    "the first five required). `tier` and `specialNeeds` are case-insensitive; several special needs are separated by",
    "`;` or `|`. Blank rows are skipped.",
    "",
    "New passengers start AWAITING_ALLOCATION, or LOCAL_RESIDENT when the case's next flight leaves no overnight gap.",
    "Rows are grouped by PNR: a PNR joins the case's unbooked group with that id (else the first unbooked group with",
    "that PNR); otherwise a new group is created, named by the PNR (or `<PNR>-2`… if a booked group holds that id).",
    "Rooms and mixed-tier flags of the changed groups are recomputed; review items are raised as at case creation.",
    "",
    "All or nothing, and stricter than POST /cases: an upload must be complete, so a blank firstName, lastName or",
    "tier rejects its row (no DATA_INCOMPLETE item is made from a file). Any invalid row (missing field, unknown tier or special need, bad email or phone, a passengerId",
    "repeated in the file or already in the case) answers 422 VALIDATION_FAILED and adds nothing: `errors` lists",
    "`{ path: \"rows[<row>].<column>\", message }`, and the extension member `rows` lists each rejected row as",
    "`{ row, pnr, passengerId, errors: [{ column, message }] }` (plus `rowsRead` and `rowsRejected`). Row numbers are",
    "the sheet's own: the header is row 1, the first passenger row 2. A missing required column is",
    "`columns.<name>`; a missing `file` field, an unreadable or non-spreadsheet file is 422 with path `file`.",
    "Limits: 5 MiB (UPLOAD_LIMIT_BYTES) and 5,000 rows (BULK_MAX_ROWS), else 413 TOO_LARGE. An .xlsx is also 413",
    "when a row, cell, `<dimension>`, merged or validated range of any sheet reaches past column 64 or row 10,100",
    "(2 × BULK_MAX_ROWS + 100), or when it takes longer than 20 s to read.",
  ].join("\n"),
  permission: "case:passengers",
  sets: { "passengers.operationalStatus": ["AWAITING_ALLOCATION", "LOCAL_RESIDENT"] },
  params: CaseParams,
  multipart: { file: "the passenger spreadsheet (.xlsx or .csv)" },
  response: BulkResult,
  errors: [409, 413, 415, 422],
});

export const splitGroupRoute = defineRoute({
  method: "POST",
  path: "/cases/{caseUrn}/groups/{groupId}/split",
  tag: "Cases",
  summary: "Split a passenger group",
  description:
    "`into` lists two or more non-empty parts that together hold every passenger of the group exactly once (else 422). " +
    "The first part keeps the group id; the others become `<groupId>-2`, `-3`, … (the next free ids). Rooms, tier and " +
    "the mixed-tier flag are recomputed, so a split that separates the tiers clears the flag. The split groups lose " +
    "their allocation (hotel cleared, ALLOCATED or HELD passengers return to AWAITING_ALLOCATION). A booked group " +
    "(with a reservation) answers 409 INVALID_TRANSITION; a closed case 409 CASE_CLOSED. Audited with before/after.",
  permission: "case:groups",
  sets: { "passengers.operationalStatus": ["AWAITING_ALLOCATION"] },
  params: GroupParams,
  body: SplitGroupBody,
  response: Case,
  errors: [409, 422],
});

export const mergeGroupsRoute = defineRoute({
  method: "POST",
  path: "/cases/{caseUrn}/groups:merge",
  tag: "Cases",
  summary: "Merge passenger groups",
  description:
    "The passengers of every group in `groupIds` (two or more, distinct) join the first group, which keeps its id and " +
    "PNR. An unknown group is 422, a booked group 409 INVALID_TRANSITION. The merged group loses its allocation (ALLOCATED " +
    "or HELD passengers return to AWAITING_ALLOCATION); if its " +
    "passengers now span several tiers it is flagged mixed-tier and gets a MIXED_TIER_GROUP review item. Audited.",
  permission: "case:groups",
  sets: { "passengers.operationalStatus": ["AWAITING_ALLOCATION"] },
  params: CaseParams,
  body: MergeGroupsBody,
  response: Case,
  errors: [409, 422],
});

export const closeCaseRoute = defineRoute({
  method: "POST",
  path: "/cases/{caseUrn}/close",
  tag: "Cases",
  summary: "Close a case",
  description:
    "Any open status → CLOSED, with closedAt and closeReason set and an audit entry (before/after). From then on every " +
    "state change on the case answers 409 CASE_CLOSED, closing again included, until an ADMIN reopens it.",
  permission: "case:close",
  sets: { status: ["CLOSED"] },
  params: CaseParams,
  body: CloseCaseBody,
  response: Case,
  errors: [409],
});

export const reopenCaseRoute = defineRoute({
  method: "POST",
  path: "/cases/{caseUrn}/reopen",
  tag: "Cases",
  summary: "Reopen a case",
  description:
    "ADMIN only. CLOSED → REOPENED (an open status); any other status answers 409 INVALID_TRANSITION. closedAt and " +
    "closeReason are cleared; the audit entry keeps them as its before.",
  permission: "case:reopen",
  sets: { status: ["REOPENED"] },
  params: CaseParams,
  body: ReopenCaseBody,
  response: Case,
  errors: [409],
});

export const reaccommodateRoute = defineRoute({
  method: "PATCH",
  path: "/cases/{caseUrn}/reaccommodate",
  tag: "Cases",
  summary: "Re-accommodate a case",
  description: [
    "Body `{ nextFlight: { number, scheduledDeparture }, reason? }`; the next flight must leave after the disrupted one.",
    "Replaces the next flight and recomputes the stay: nights are calendar nights at the case's airport, in its time",
    "zone, between the disrupted departure and the next departure, at least 1. When the next flight leaves on the same",
    "local calendar day as the disrupted departure there is no overnight gap (`stay.overnight: false`): passengers not",
    "yet booked (AWAITING_ALLOCATION, ALLOCATED, HELD) become LOCAL_RESIDENT. A later change that restores an",
    "overnight gap returns LOCAL_RESIDENT passengers to AWAITING_ALLOCATION. Booked reservations follow in the job the",
    "event case/reaccommodated starts: extended or shortened at providers that modify stays; where one cannot extend a",
    "stay (Expedia's self-service tier) or refuses, the missing nights are booked at the same hotel as a CONTINUATION",
    "reservation (its own voucher and code; the first stay's voucher names it), else the whole stay at the",
    "next-ranked compliant hotel as a REPLACEMENT (the old reservation is CANCELLED once the new one is confirmed; the",
    "passenger's old link shows the new voucher); a BOOKING_FAILED review item only when no hotel takes the group.",
    "Each is audited `reaccommodate`. The same next flight sent again changes nothing. Audit action `reaccommodate` on",
    "the case with before/after of the next flight, the stay and the passengers whose status changed.",
  ].join("\n"),
  permission: "case:reaccommodate",
  sets: { "passengers.operationalStatus": ["LOCAL_RESIDENT", "AWAITING_ALLOCATION"] },
  params: CaseParams,
  body: ReaccommodateBody,
  response: Case,
  errors: [409, 422],
});

export const erasePassengerRoute = defineRoute({
  method: "POST",
  path: "/cases/{caseUrn}/passengers/{passengerId}/erase",
  tag: "Cases",
  summary: "Erase a passenger's personal data",
  description: [
    "ADMIN only; body `{ reason }` (422 REASON_REQUIRED without one). On the passenger's request: `firstName`, `lastName`,",
    "`email` and `phone` become null and `erasedAt` is set; the vouchers and emails that printed them are scrubbed (an",
    "unsent email to the passenger is never sent), and one audit entry `erase-passenger` names the passenger and the",
    "fields, never a value. Allowed on a CLOSED case too (erasure changes no state of the case). The passenger id,",
    "group, tier, special needs and status stay, so the case's history still adds up. Answers the case as it is after.",
    "Erasing an erased passenger answers 200 and changes nothing. An unknown passenger is 404. The same erasure runs",
    "daily for cases closed longer ago than the tenant's `personalDataRetentionDays` (settings, default 90).",
  ].join("\n"),
  permission: "passenger:erase",
  params: z.object({ caseUrn: urnParam("case"), passengerId: textParam("the passenger's id in the case") }),
  body: ErasePassengerBody,
  response: Case,
  errors: [422],
});
