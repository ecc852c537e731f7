import { z } from "zod";
import { pageQuery } from "@/lib/api/params";
import { urnSchema } from "@/lib/ids";

export const REVIEW_CATEGORIES = [
  "ALLOCATION_FAILED",
  "BOOKING_FAILED",
  "PAYMENT_FAILED",
  "PARTIAL_FULFILLMENT",
  "POLICY_VIOLATION",
  "MIXED_TIER_GROUP",
  "DATA_INCOMPLETE",
] as const;
export const ReviewCategory = z
  .enum(REVIEW_CATEGORIES)
  .meta({ id: "ReviewCategory" });
export type ReviewCategory = z.infer<typeof ReviewCategory>;

export const ReviewPriority = z
  .enum(["HIGH", "MEDIUM", "LOW"])
  .meta({ id: "ReviewPriority" });
export type ReviewPriority = z.infer<typeof ReviewPriority>;

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

export const ReviewState = z
  .enum(["OPEN", "CLAIMED", "RESOLVED"])
  .meta({ id: "ReviewState" });
export type ReviewState = z.infer<typeof ReviewState>;

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
    resolvedAt: z.iso.datetime().nullable(),
    slaDueAt: z.iso.datetime().nullable(),
    escalations: z.number().int(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
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
  caseUrn: urnSchema("case").optional(),
  // same rule as IataCode in lib/cases/schemas, which imports this module
  airport: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, "a three-letter IATA airport code")
    .optional()
    .meta({
      description:
        "one airport; 403 OUT_OF_SCOPE outside the caller's airports",
    }),
  ...pageQuery,
});
export type ReviewListQuery = z.infer<typeof ReviewListQuery>;
