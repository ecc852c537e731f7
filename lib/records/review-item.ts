import { z } from "zod";
import type { ReviewItemRow } from "@/db/schema";
import { parseJson, StringsJson } from "@/db/schema/json";
import { AcceptedRecommendation, AttemptedHotel, Recommendation, type ReviewItem } from "./review";

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A review_items row as the API shows it. */
export function toReviewItem(row: ReviewItemRow): ReviewItem {
  return {
    urn: row.urn,
    caseUrn: row.caseUrn,
    airport: row.airport,
    waveUrn: row.waveUrn,
    reservationUrns: parseJson(StringsJson, row.reservationUrns, `review_items.reservation_urns of ${row.urn}`),
    category: row.category as ReviewItem["category"],
    priority: row.priority as ReviewItem["priority"],
    state: row.state as ReviewItem["state"],
    detail: row.detail,
    assignedTo: row.assignedTo,
    attemptedHotels: parseJson(z.array(AttemptedHotel), row.attemptedHotels, `review_items.attempted_hotels of ${row.urn}`),
    affectedGroups: parseJson(StringsJson, row.affectedGroups, `review_items.affected_groups of ${row.urn}`),
    recommendations: parseJson(z.array(Recommendation), row.recommendations, `review_items.recommendations of ${row.urn}`),
    acceptedRecommendation: row.acceptedRecommendation ? parseJson(AcceptedRecommendation, row.acceptedRecommendation, `review_items.accepted_recommendation of ${row.urn}`) : null,
    resolution: row.resolution,
    resolvedBy: row.resolvedBy,
    resolvedAt: iso(row.resolvedAt),
    slaDueAt: iso(row.slaDueAt),
    escalations: row.escalations,
    overdue: row.overdue,
    escalatedAt: iso(row.escalatedAt),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
