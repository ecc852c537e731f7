import type { StayRatingRow } from "@/db/schema";
import type { StayRating } from "./schemas";

export function toRating(r: StayRatingRow): StayRating {
  return { urn: r.urn, reservationUrn: r.reservationUrn, hotelUrn: r.hotelUrn, source: r.source, score: r.score, tags: r.tags, comment: r.comment, createdAt: r.createdAt.toISOString() };
}
