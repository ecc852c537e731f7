import { z } from "zod";
import { pageOf, urnParam } from "@/lib/api/params";
import { defineRoute } from "@/lib/api/route";
import { SplitGroupBody } from "@/lib/cases/inputs";
import { RebookBody, RelaxBody, ReleaseBody, ResolveBody, ReviewItem, ReviewListQuery, ReviewOverrideBody } from "@/lib/records/review";

export const listReviewItemsRoute = defineRoute({
  method: "GET",
  path: "/manual-review",
  tag: "Manual review",
  summary: "List review items",
  description: [
    "The review items of the caller's tenant in the caller's airports, oldest first, filtered by `state`",
    "(or its alias `status`), `priority`, `category`, `caseUrn` and `airport`. An `airport` outside the caller's",
    "airports is 403 OUT_OF_SCOPE.",
  ].join("\n"),
  permission: "read",
  query: ReviewListQuery,
  response: pageOf(ReviewItem),
  errors: [422],
});

export const getReviewItemRoute = defineRoute({
  method: "GET",
  path: "/manual-review/{itemUrn}",
  tag: "Manual review",
  summary: "Read a review item",
  description:
    "One review item: why it exists, the hotels attempted, the recommendations and its SLA. 404 in another tenant; 403 OUT_OF_SCOPE when its case's airport is outside the caller's airports.",
  permission: "read",
  params: z.object({ itemUrn: urnParam("review") }),
  response: ReviewItem,
  errors: [404],
});

const ItemParams = z.object({ itemUrn: urnParam("review") });

const ACTING = [
  "Acting needs the claim: the caller must hold the item, or the action claims an OPEN item for the caller in the same",
  "transaction (audited as a claim). An item claimed by someone else is 409 ALREADY_CLAIMED, a RESOLVED item 409",
  "INVALID_TRANSITION, an item of a CLOSED case 409 CASE_CLOSED. AIRPORT_OPERATOR and ADMIN only; another airport's item",
  "is 403 OUT_OF_SCOPE, another tenant's 404. Audited with the actor, the reason and before/after. Answers the item after the action.",
].join("\n");

export const claimReviewItemRoute = defineRoute({
  method: "POST",
  path: "/manual-review/{itemUrn}/claim",
  tag: "Manual review",
  summary: "Claim a review item",
  description: [
    "Assigns the item to the caller (state CLAIMED, assignedTo = the caller's user id) so nobody works on it in parallel.",
    "No body (an empty JSON object is accepted). Claiming an item you hold already answers it unchanged; one held by",
    "someone else is 409 ALREADY_CLAIMED; of concurrent claims exactly one wins. A RESOLVED item is 409 INVALID_TRANSITION,",
    "an item of a CLOSED case 409 CASE_CLOSED.",
  ].join("\n"),
  permission: "review:act",
  params: ItemParams,
  body: z.object({}),
  bodyOptional: true,
  response: ReviewItem,
  errors: [404, 409],
});

export const releaseReviewItemRoute = defineRoute({
  method: "POST",
  path: "/manual-review/{itemUrn}/release",
  tag: "Manual review",
  summary: "Release a claimed review item (our addition)",
  description: [
    "Not in the specification: hands a CLAIMED item back to the queue (state OPEN, nobody assigned). The claimant may",
    "release it, and an ADMIN may release anyone's claim (an operator off shift); anyone else gets 409 ALREADY_CLAIMED.",
    "An OPEN or RESOLVED item is 409 INVALID_TRANSITION. Optional body `{ reason }`.",
  ].join("\n"),
  permission: "review:act",
  params: ItemParams,
  body: ReleaseBody,
  bodyOptional: true,
  response: ReviewItem,
  errors: [404, 409, 422],
});

export const rebookReviewItemRoute = defineRoute({
  method: "POST",
  path: "/manual-review/{itemUrn}/rebook",
  tag: "Manual review",
  summary: "Rebook the item's groups at another hotel",
  description: [
    "Books the item's groups that have no reservation at `hotelUrn`, through the booking job with the usual booking rules",
    "(retries, idempotency). The offer is the one the case's latest allocation wave saw for that hotel and the groups'",
    "tier: a hotel the wave never saw for the tier is 422 (unknown hotel), as is one with too few rooms left after the",
    "wave's other placements. Held passengers are allocated to the hotel at once; their booking follows.",
    ACTING,
  ].join("\n"),
  permission: "review:act",
  params: ItemParams,
  body: RebookBody,
  response: ReviewItem,
  errors: [404, 409, 422],
});

export const relaxReviewItemRoute = defineRoute({
  method: "POST",
  path: "/manual-review/{itemUrn}/relax",
  tag: "Manual review",
  summary: "Relax the policy for this case only",
  description: [
    "`fields` names policy constraints and their new values (minStars, maxDistanceKm, maxNightlyRate, requiredAmenities,",
    "excludedChains, acceptedPayments, allowProviders, with the policy schema's rules; anything else is 422). The change is",
    "a case-scoped overlay applied by every later allocation of this case, for all its tiers; the policy and every other",
    "case are untouched. Then the item's groups without a booking are allocated again (a new wave).",
    ACTING,
  ].join("\n"),
  permission: "review:act",
  params: ItemParams,
  body: RelaxBody,
  response: ReviewItem,
  errors: [404, 409, 422],
});

export const splitReviewItemRoute = defineRoute({
  method: "POST",
  path: "/manual-review/{itemUrn}/split",
  tag: "Manual review",
  summary: "Split one of the item's groups",
  description: [
    "`into` lists every passenger of one of the item's groups exactly once, in two or more parts (as POST",
    "/cases/{caseUrn}/groups/{groupId}/split: the first part keeps the group id; a booked group is 409). The parts join the",
    "item's groups and the ones with a single tier are allocated (a new wave).",
    ACTING,
  ].join("\n"),
  permission: "review:act",
  params: ItemParams,
  body: SplitGroupBody,
  response: ReviewItem,
  errors: [404, 409, 422],
});

export const overrideReviewItemRoute = defineRoute({
  method: "POST",
  path: "/manual-review/{itemUrn}/override",
  tag: "Manual review",
  summary: "Book a given offer for the item's groups",
  description: [
    "Manual booking override: books `providerOfferId` at `hotelUrn` for each of the item's groups without a reservation,",
    "at once through the provider adapter, skipping ranking (as POST /booking/manual), audited as an override.",
    ACTING,
  ].join("\n"),
  permission: "review:act",
  params: ItemParams,
  body: ReviewOverrideBody,
  response: ReviewItem,
  errors: [404, 409, 422],
});

export const resolveReviewItemRoute = defineRoute({
  method: "POST",
  path: "/manual-review/{itemUrn}/resolve",
  tag: "Manual review",
  summary: "Resolve a review item",
  description: [
    "Closes the item (state RESOLVED, resolution, resolvedBy, resolvedAt). `resolution` is one of REBOOKED, RELAXED, SPLIT,",
    "OVERRIDDEN, MANUALLY_HANDLED (done outside the service) or NO_ACTION. An OPEN item may be resolved without a claim.",
    "When no unresolved item is left on the case, a MANUAL_REVIEW case goes back to the normal flow: ACCOMMODATED when every",
    "group is booked, BOOKING while bookings are pending, OPEN otherwise; groups still awaiting allocation are allocated again.",
    ACTING,
  ].join("\n"),
  permission: "review:act",
  params: ItemParams,
  body: ResolveBody,
  response: ReviewItem,
  errors: [404, 409, 422],
});

export const refreshRecommendationsRoute = defineRoute({
  method: "POST",
  path: "/manual-review/{itemUrn}/recommendations/refresh",
  tag: "Manual review",
  summary: "Recompute an item's recommendations",
  description: [
    "Runs the deterministic recommender again on the case's latest wave and replaces the item's recommendations (top 3,",
    "most viable first: rebook candidates that still fit, then the cheapest single-constraint relaxation with what it",
    "would place and cost). No body. Does not claim the item. 409 for a RESOLVED item or a CLOSED case.",
  ].join("\n"),
  permission: "review:act",
  params: ItemParams,
  body: z.object({}),
  bodyOptional: true,
  response: ReviewItem,
  errors: [404, 409],
});
