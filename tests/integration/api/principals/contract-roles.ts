import type { Role } from "@/lib/auth/roles";

/**
 * The contract's role table (contract.md part 2), transcribed by hand per endpoint so the
 * principals test compares the implementation with the contract, not with lib/auth/roles.ts.
 * Where the contract is silent, the README's decision (cited in `why`).
 *
 * `scope` says what the request names and so what a principal outside it gets:
 * - "record": a record of tenant AF at CDG in the path (or body): another tenant 404, an airport
 *   outside the claims 403 OUT_OF_SCOPE, a FEED client that did not create the case 404;
 * - "tenant-record": a record of the tenant with no airport (reports, webhooks): another tenant 404;
 * - "airport": the request names the airport CDG (a new case, a policy context): 403 OUT_OF_SCOPE;
 * - "none": lists and reads of tenant-wide records, filtered to what the caller may see;
 * - "tenant": a change to the whole tenant (its settings, its weekly report), which touches every
 *   airport: a principal whose claims do not name every airport (["*"]) gets 403 OUT_OF_SCOPE;
 * - "hotel": a contracted hotel of AF at CDG (issue 22, the extranet): a HOTEL user whose claim does
 *   not list it, or staff outside CDG, 403 OUT_OF_SCOPE; a HOTEL user of another tenant 404 (its
 *   airline has no contract there); staff of another tenant read nothing of AF's guests;
 * - "hotel-record": the same, for a booking or the contract of AF at that hotel: another tenant 404;
 * - "machine": the whole installation (a backup of every tenant): only a token minted with the
 *   server's secret for the machine (`system:` subject), so every principal here gets 403 FORBIDDEN.
 */
/** call: a capacity call, which a hotel user sees only when it went to one of its hotels (else 404, as another tenant's) */
export type Scope = "record" | "tenant-record" | "airport" | "tenant" | "none" | "machine" | "hotel" | "hotel-record" | "call";
export type ContractRule = { roles: readonly Role[] | "public"; scope: Scope; why?: string };

const ADMIN = "ADMIN";
const OPS = "OPS_SUPERVISOR";
const OPERATOR = "AIRPORT_OPERATOR";
const FEED = "FEED";
const HOTEL = "HOTEL";

/** "create case, bulk passengers, reaccommodate, create demand": FEED, OPS_SUPERVISOR, ADMIN */
const INTAKE = [FEED, OPS, ADMIN] as const;
/** "approve or reject demand, override or rerun a wave, manual booking, cache invalidate" */
const SUPERVISE = [OPS, ADMIN] as const;
/** "create, activate, synthesize policies" */
const POLICY = [OPS, ADMIN] as const;
/** "claim, rebook, relax, split, override, resolve a review item" */
const REVIEW = [OPERATOR, ADMIN] as const;
/** "split or merge groups, cancel a reservation, transport segment actions", and "close case" */
const FLOOR = [OPERATOR, OPS, ADMIN] as const;
/** "read anything in scope": every role but FEED … */
const READ = [ADMIN, OPS, OPERATOR] as const;
/** … "which reads only cases it created" */
const READ_CASES = [ADMIN, OPS, OPERATOR, FEED] as const;
/** issue 22: a contracted hotel's user for its hotels, and the supervisors */
const EXTRANET = [HOTEL, OPS, ADMIN] as const;

export const CONTRACT_ROLES: Record<string, ContractRule> = {
  "GET /health": { roles: "public", scope: "none" },
  "GET /openapi.json": { roles: "public", scope: "none" },
  // issue 20: the passenger's signed link is the credential (no bearer token), the SMS gateway's X-Twilio-Signature its callbacks'
  "GET /passenger/{token}": { roles: "public", scope: "none" },
  "GET /passenger/{token}/choices": { roles: "public", scope: "none" },
  "POST /passenger/{token}/choice": { roles: "public", scope: "none" },
  "POST /passenger/{token}/decline": { roles: "public", scope: "none" },
  "POST /passenger/{token}/rating": { roles: "public", scope: "none" },
  "POST /sms/status": { roles: "public", scope: "none" },
  "POST /ride-vouchers/usage": { roles: "public", scope: "none" },
  "POST /sms/inbound": { roles: "public", scope: "none" },
  "POST /meal-vouchers/redemptions": { roles: "public", scope: "none", why: "issue 21: the issuer's callback, signed with MEALS_SECRET (X-Meal-Signature)" },
  "GET /audit": { roles: READ, scope: "none" },
  "GET /board": { roles: READ, scope: "airport", why: "README: the operations board reads like any other list; the query names the airport" },
  "GET /admin/backup": { roles: [ADMIN], scope: "machine", why: "README: the backup holds every tenant's rows" },

  "POST /cases": { roles: INTAKE, scope: "airport" },
  "GET /cases": { roles: READ_CASES, scope: "none" },
  "GET /cases/{caseUrn}": { roles: READ_CASES, scope: "record" },
  "POST /cases/{caseUrn}/passengers:bulk": { roles: INTAKE, scope: "record" },
  "PATCH /cases/{caseUrn}/reaccommodate": { roles: INTAKE, scope: "record" },
  "POST /cases/{caseUrn}/groups:merge": { roles: FLOOR, scope: "record" },
  "POST /cases/{caseUrn}/groups/{groupId}/split": { roles: FLOOR, scope: "record" },
  "POST /cases/{caseUrn}/close": { roles: FLOOR, scope: "record" },
  "POST /cases/{caseUrn}/reopen": { roles: [ADMIN], scope: "record" },
  "POST /cases/{caseUrn}/passengers/{passengerId}/erase": { roles: [ADMIN], scope: "record", why: "README: erasing personal data on request is ADMIN's" },

  "POST /policies": { roles: POLICY, scope: "airport" },
  "POST /policies/synthesize": { roles: POLICY, scope: "none", why: "the airport comes from the model's draft, not the request" },
  "PATCH /policies/{policyUrn}": { roles: POLICY, scope: "record", why: "README: PATCH edits DRAFTs (a policy write)" },
  "POST /policies/{policyUrn}/activate": { roles: POLICY, scope: "record" },
  "GET /policies": { roles: READ, scope: "none" },
  "GET /policies/{policyUrn}": { roles: READ, scope: "record" },

  "POST /demand/case/{caseUrn}": { roles: [FEED, OPS, ADMIN, OPERATOR], scope: "record" },
  "GET /demand/case/{caseUrn}/summary": { roles: READ, scope: "record" },
  "POST /cases/{caseUrn}/care/overrides": { roles: SUPERVISE, scope: "record", why: "issue 21: a supervisor owes a group care the rules do not, as approving a demand" },
  "GET /demand/{demandUrn}": { roles: READ, scope: "record" },
  "POST /demand/{demandUrn}/approve": { roles: SUPERVISE, scope: "record" },
  "POST /demand/{demandUrn}/reject": { roles: SUPERVISE, scope: "record" },

  "GET /manual-review": { roles: READ, scope: "none" },
  "GET /manual-review/{itemUrn}": { roles: READ, scope: "record" },
  "POST /manual-review/{itemUrn}/claim": { roles: REVIEW, scope: "record" },
  "POST /manual-review/{itemUrn}/release": { roles: REVIEW, scope: "record", why: "README: our addition, with the review actions" },
  "POST /manual-review/{itemUrn}/rebook": { roles: REVIEW, scope: "record" },
  "POST /manual-review/{itemUrn}/relax": { roles: REVIEW, scope: "record" },
  "POST /manual-review/{itemUrn}/split": { roles: REVIEW, scope: "record" },
  "POST /manual-review/{itemUrn}/override": { roles: REVIEW, scope: "record" },
  "POST /manual-review/{itemUrn}/resolve": { roles: REVIEW, scope: "record" },
  "POST /manual-review/{itemUrn}/recommendations/refresh": { roles: REVIEW, scope: "record", why: "README: a review action" },
  "POST /manual-review/{itemUrn}/recommendations/agent": { roles: REVIEW, scope: "record", why: "README: a review action" },

  "GET /allocation/wave/{waveUrn}": { roles: READ, scope: "record" },
  "POST /allocation/wave/{waveUrn}/override": { roles: SUPERVISE, scope: "record" },
  "POST /allocation/wave/{waveUrn}/rerun": { roles: SUPERVISE, scope: "record" },
  "POST /hotels/cache/invalidate": { roles: SUPERVISE, scope: "airport" },

  "GET /booking/reservations": { roles: READ_CASES, scope: "none", why: "README: a FEED client lists the reservations of its cases" },
  "GET /booking/reservations/{reservationUrn}": { roles: READ_CASES, scope: "record", why: "README: as the case" },
  "GET /booking/reservations/{reservationUrn}/voucher/html": { roles: READ, scope: "record" },
  "GET /booking/reservations/{reservationUrn}/voucher/text": { roles: READ, scope: "record" },
  "POST /booking/reservations/{reservationUrn}/cancel": { roles: FLOOR, scope: "record" },
  "POST /booking/manual": { roles: SUPERVISE, scope: "record", why: "the body names the case" },
  "POST /booking/reservations/{reservationUrn}/problems": { roles: FLOOR, scope: "record", why: "issue 22: operators record problems with a stay (hotel:problem)" },
  "GET /hotels/{hotelUrn}/quality": {
    roles: ["HOTEL", OPERATOR, OPS, ADMIN],
    scope: "airport",
    why: "issue 22 (hotel:quality): hotels are shared reference data, so another tenant reads its own (empty) ratings of the hotel; the hotel's airport must be in the caller's claims",
  },

  "GET /cases/{caseUrn}/care": { roles: READ_CASES, scope: "record", why: "issue 21: the roles that read the case, as GET /cases/{caseUrn}" },
  "GET /cases/{caseUrn}/messages": { roles: READ_CASES, scope: "record", why: "issue 20: the roles that read the case, as GET /cases/{caseUrn}" },
  "GET /cases/{caseUrn}/meal-vouchers": { roles: READ_CASES, scope: "record", why: "issue 21: the roles that read the case, as GET /cases/{caseUrn}" },
  "GET /cases/{caseUrn}/ride-vouchers": { roles: READ_CASES, scope: "record", why: "issue 21: the roles that read the case, as GET /cases/{caseUrn}" },
  "POST /messages/{messageUrn}/resend": { roles: FLOOR, scope: "record", why: "issue 20: OPS_SUPERVISOR, ADMIN, AIRPORT_OPERATOR in the case's airport" },

  "GET /transport/segments": { roles: READ_CASES, scope: "none", why: "README: FEED sees only its own cases' segments" },
  "GET /transport/segments/{segmentUrn}": { roles: READ_CASES, scope: "record", why: "README: as the case" },
  "POST /transport/segments": { roles: FLOOR, scope: "record", why: "the body names the reservation" },
  "POST /transport/segments/{segmentUrn}/retime": { roles: FLOOR, scope: "record" },
  "POST /transport/segments/{segmentUrn}/vehicle": { roles: FLOOR, scope: "record" },
  "POST /transport/segments/{segmentUrn}/cancel": { roles: FLOOR, scope: "record" },

  "GET /settings": { roles: READ, scope: "none", why: "README: every role but FEED" },
  "PATCH /settings": { roles: [ADMIN], scope: "tenant", why: "README: ADMIN; issue 18: SLAs, currencies and the alerting channel are every airport's" },
  "POST /webhooks/subscriptions": { roles: [ADMIN], scope: "none", why: "README: outbound webhooks are ADMIN's" },
  "GET /webhooks/subscriptions": { roles: [ADMIN], scope: "none", why: "README" },
  "DELETE /webhooks/subscriptions/{subscriptionUrn}": { roles: [ADMIN], scope: "record", why: "README; issue 18: the subscription keeps its creator's airports (CDG)" },
  "GET /webhooks/deliveries": { roles: [ADMIN], scope: "none", why: "README" },
  "POST /webhooks/deliveries/{deliveryUrn}/redeliver": { roles: [ADMIN], scope: "record", why: "README; issue 18: the delivery carries its case's airport (CDG)" },
  "POST /reports": { roles: [OPS, ADMIN], scope: "tenant", why: "README: OPS_SUPERVISOR, ADMIN; issue 18: the report is every airport's" },
  "GET /reports": { roles: READ, scope: "none", why: "README: every role but FEED" },
  "GET /reports/{reportUrn}": { roles: READ, scope: "tenant-record", why: "README: every role but FEED" },
  "GET /reports/care-compliance": { roles: READ, scope: "airport", why: "issue 21 part 5: read like the reports; the query names the airport" },
  "GET /hotels/{hotelUrn}/arrivals": { roles: EXTRANET, scope: "hotel", why: "issue 22 part 2: HOTEL may call only its hotels' routes" },
  "POST /hotels/{hotelUrn}/bookings/{reservationUrn}/confirm": { roles: EXTRANET, scope: "hotel-record", why: "issue 22 part 2" },
  "POST /hotels/{hotelUrn}/bookings/{reservationUrn}/decline": { roles: EXTRANET, scope: "hotel-record", why: "issue 22 part 2" },
  "PUT /hotels/{hotelUrn}/inventory": { roles: EXTRANET, scope: "hotel-record", why: "issue 22 part 2: the tenant's direct contract at the hotel" },
  "POST /hotels/{hotelUrn}/check-ins": { roles: EXTRANET, scope: "hotel-record", why: "issue 22 part 2: the body names the booking" },
  "POST /users/{userUrn}/sign-out": { roles: [ADMIN], scope: "record", why: "docs/security.md: an ADMIN ends a user's sessions; a user of CDG is in scope of a CDG ADMIN only" },
  "GET /users": { roles: [ADMIN], scope: "none", why: "issue 22: users managed by an ADMIN; a scoped ADMIN lists the users within its airports" },
  "POST /users": { roles: [ADMIN], scope: "airport", why: "issue 22: the body names the user's airports (CDG): a scoped ADMIN adds users within them only" },
  "PATCH /users/{userUrn}": { roles: [ADMIN], scope: "record", why: "issue 22: as sign-out, a user of CDG is in scope of a CDG ADMIN only" },
  "POST /airports/{code}/capacity-calls": { roles: SUPERVISE, scope: "airport", why: "issue 22: a supervisor calls the hotels near an airport (capacity:call)" },
  "GET /capacity-calls/{callUrn}": { roles: [HOTEL, ...READ], scope: "call", why: "issue 22: read on the board (and by the hotels it went to, in the extranet)" },
  "POST /capacity-calls/{callUrn}/answers": { roles: EXTRANET, scope: "record", why: "issue 22: a hotel's answer (HOTEL for its hotels), or staff answering for it on the phone" },
};
