import { z } from "zod";
import { IataCode, IsoTime, pageQuery, Urn } from "@/lib/primitives";
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
    source: z.string().meta({ description: "agent" }),
  })
  .meta({ id: "Recommendation" });
export type Recommendation = z.infer<typeof Recommendation>;

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
    resolution: z.string().nullable(),
    resolvedBy: z.string().nullable(),
    resolvedAt: IsoTime.nullable(),
    slaDueAt: IsoTime.nullable(),
    escalations: z.number().int(),
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
