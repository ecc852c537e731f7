import { z } from "zod";
import { IataCode, IsoTime, Money, pageQuery, Reason, Text, Urn } from "@/lib/primitives";
import { RelaxFields } from "@/lib/policies/relax-fields";
import { ReviewCategory, ReviewPriority, ReviewState } from "@/lib/vocabulary";

export { REVIEW_CATEGORIES, ReviewCategory, ReviewPriority, ReviewState } from "@/lib/vocabulary";

/** Spec 2.4: the priority is fixed by the category, never chosen by the caller. */
export const PRIORITY_BY_CATEGORY: Record<ReviewCategory, ReviewPriority> = {
  ALLOCATION_FAILED: "HIGH",
  BOOKING_FAILED: "HIGH",
  PAYMENT_FAILED: "MEDIUM",
  PARTIAL_FULFILLMENT: "MEDIUM",
  POLICY_VIOLATION: "LOW",
  MIXED_TIER_GROUP: "LOW",
  DATA_INCOMPLETE: "LOW",
  TRANSPORT_UNASSIGNED: "MEDIUM",
  // a walked group no other hotel could take: passengers without a bed tonight
  HOTEL_WALKED: "HIGH",
};

export const AttemptedHotel = z
  .object({
    hotelUrn: z.string(),
    reason: z
      .string()
      .meta({ description: "e.g. hotel-full, payment-refused" }),
    providerError: z.string().optional(),
  })
  .meta({ id: "AttemptedHotel" });
export type AttemptedHotel = z.infer<typeof AttemptedHotel>;

/** Who made a recommendation: the deterministic recommender (lib/review/recommend.ts) now, the exception agent later. */
export const RecommendationSource = z.enum(["deterministic", "agent"]).meta({ id: "RecommendationSource" });

export const RecommendationEstimate = z
  .object({
    groups: z.number().int().meta({ description: "groups of the item the action is for" }),
    groupsPlaced: z.number().int().meta({ description: "of those, how many it would house" }),
    cost: Money.meta({ description: "what housing them would cost for the whole stay" }),
  })
  .meta({ id: "RecommendationEstimate", description: "what the recommended action would achieve, as computed from the latest wave" });

export const Recommendation = z
  .object({
    action: z.enum(["rebook", "relaxPolicy"]),
    hotelUrn: z.string().optional().meta({ description: "for rebook" }),
    fields: z
      .array(z.string())
      .optional()
      .meta({ description: "constraint names, for relaxPolicy" }),
    value: z
      .unknown()
      .optional()
      .meta({ description: "the relaxed value, for relaxPolicy" }),
    reason: z.string(),
    source: RecommendationSource,
    estimate: RecommendationEstimate.optional(),
  })
  .meta({ id: "Recommendation" });
export type Recommendation = z.infer<typeof Recommendation>;

/** Which of an item's recommendations a review action took (lib/review/accept.ts): the weekly report's agent share. */
export const AcceptedRecommendation = z
  .object({
    index: z.number().int().min(0).meta({ description: "its position in the item's recommendations when it was taken (0 = first)" }),
    action: z.enum(["rebook", "relaxPolicy"]),
    source: RecommendationSource,
    hotelUrn: z.string().optional().meta({ description: "for rebook (also an override at that hotel)" }),
    fields: z.array(z.string()).optional().meta({ description: "constraint names, for relaxPolicy" }),
    value: z.unknown().optional().meta({ description: "the relaxed value, for relaxPolicy" }),
    at: IsoTime,
    by: z.string().meta({ description: "user identifier of the operator who took it" }),
  })
  .meta({ id: "AcceptedRecommendation" });
export type AcceptedRecommendation = z.infer<typeof AcceptedRecommendation>;

export const ReviewItem = z
  .object({
    urn: z.string(),
    caseUrn: z.string(),
    airport: z.string().nullable().meta({ description: "the case's airport" }),
    waveUrn: z.string().nullable(),
    reservationUrns: z.array(z.string()),
    category: ReviewCategory,
    priority: ReviewPriority,
    state: ReviewState,
    detail: z
      .string()
      .nullable()
      .meta({ description: "why the item exists, in words" }),
    assignedTo: z
      .string()
      .nullable()
      .meta({ description: "user identifier of the claiming operator" }),
    attemptedHotels: z.array(AttemptedHotel),
    affectedGroups: z.array(z.string()).meta({ description: "group ids" }),
    recommendations: z
      .array(Recommendation)
      .meta({ description: "top 3, ranked by viability" }),
    acceptedRecommendation: AcceptedRecommendation.nullable().meta({
      description: "the recommendation a rebook, relax or override took (same hotel; same constraints and value), null when the operator chose otherwise or has not acted; a later matching action replaces it",
    }),
    resolution: z.string().nullable().meta({
      description:
        "what closed the item: a ReviewResolution a person sent, or GROUP_BOOKED when the service closed it because every group it names got a confirmed reservation (resolvedBy system:review; the reason is in the audit)",
    }),
    resolvedBy: z.string().nullable(),
    resolvedAt: IsoTime.nullable(),
    slaDueAt: IsoTime.nullable(),
    escalations: z.number().int().meta({ description: "SLA breaches so far (each raised the priority one level, or paged again at HIGH)" }),
    overdue: z.boolean().meta({ description: "breached its SLA while already HIGH" }),
    escalatedAt: IsoTime.nullable().meta({ description: "the deadline of the last breach" }),
    createdAt: IsoTime,
    updatedAt: IsoTime,
  })
  .meta({ id: "ReviewItem" });
export type ReviewItem = z.infer<typeof ReviewItem>;

export const ReviewListQuery = z.object({
  state: ReviewState.optional(),
  status: ReviewState.optional().meta({
    description: "same as state; state wins when both are given",
  }),
  priority: ReviewPriority.optional(),
  category: ReviewCategory.optional(),
  caseUrn: Urn("case").optional(),
  airport: IataCode.optional().meta({
    description: "one airport; 403 OUT_OF_SCOPE outside the caller's airports",
  }),
  ...pageQuery,
});
export type ReviewListQuery = z.infer<typeof ReviewListQuery>;

export const ReviewItemRef = z.object({ itemUrn: Urn("review") });

// Actions (spec 4.4) ---------------------------------------------------------------------------

/** How an item was closed (POST …/resolve): what the operator did about it. */
export const REVIEW_RESOLUTIONS = ["REBOOKED", "RELAXED", "SPLIT", "OVERRIDDEN", "MANUALLY_HANDLED", "NO_ACTION"] as const;
export const ReviewResolution = z.enum(REVIEW_RESOLUTIONS).meta({
  id: "ReviewResolution",
  description:
    "REBOOKED (rebook), RELAXED (relax), SPLIT (split), OVERRIDDEN (override), MANUALLY_HANDLED (handled outside the service, e.g. at the desk), NO_ACTION (nothing to do)",
});
export type ReviewResolution = z.infer<typeof ReviewResolution>;

// the constraints a relax may change: defined beside the policies, which read a case's relaxations too
export { RelaxFields };

export const RebookBody = z
  .object({
    hotelUrn: Urn("hotel").meta({ description: "a hotel among the latest wave's candidates for the groups' tier" }),
    reason: Reason,
  })
  .meta({ id: "ReviewRebook" });
export const RelaxBody = z.object({ fields: RelaxFields, reason: Reason }).meta({ id: "ReviewRelax" });
export const ReviewOverrideBody = z
  .object({
    hotelUrn: Urn("hotel"),
    providerOfferId: Text.trim().min(1, "required").max(200).meta({ description: "the provider's offer to book" }),
    reason: Reason,
  })
  .meta({ id: "ReviewOverride" });
export const ResolveBody = z.object({ resolution: ReviewResolution, reason: Reason }).meta({ id: "ReviewResolve" });
export const ReleaseBody = z.object({ reason: Reason.optional() }).meta({ id: "ReviewRelease" });

export const ClaimInput = ReviewItemRef;
export type ClaimInput = z.input<typeof ClaimInput>;
export const ReleaseInput = ReleaseBody.extend(ReviewItemRef.shape);
export type ReleaseInput = z.input<typeof ReleaseInput>;
export const RebookInput = RebookBody.extend(ReviewItemRef.shape);
export type RebookInput = z.input<typeof RebookInput>;
export const RelaxInput = RelaxBody.extend(ReviewItemRef.shape);
export type RelaxInput = z.input<typeof RelaxInput>;
export const ReviewOverrideInput = ReviewOverrideBody.extend(ReviewItemRef.shape);
export type ReviewOverrideInput = z.input<typeof ReviewOverrideInput>;
export const ResolveInput = ResolveBody.extend(ReviewItemRef.shape);
export type ResolveInput = z.input<typeof ResolveInput>;
