import type { ReviewItemRow } from "@/db/schema";
import type { AttemptedHotel, Recommendation, ReviewItem } from "./schemas";

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A review_items row as the API shows it. */
export function toReviewItem(row: ReviewItemRow): ReviewItem {
  return {
    urn: row.urn,
    caseUrn: row.caseUrn,
    airport: row.airport,
    waveUrn: row.waveUrn,
    reservationUrns: row.reservationUrns,
    category: row.category as ReviewItem["category"],
    priority: row.priority as ReviewItem["priority"],
    state: row.state as ReviewItem["state"],
    detail: row.detail,
    assignedTo: row.assignedTo,
    attemptedHotels: row.attemptedHotels as AttemptedHotel[],
    affectedGroups: row.affectedGroups,
    recommendations: row.recommendations as Recommendation[],
    resolution: row.resolution,
    resolvedBy: row.resolvedBy,
    resolvedAt: iso(row.resolvedAt),
    slaDueAt: iso(row.slaDueAt),
    escalations: row.escalations,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
