import { config } from "@/lib/config";

/**
 * How many ratings a hotel needs before its score counts (QUALITY_MIN_RATINGS, default 5, at
 * least 1): below it the score is null, shown as "too few ratings" and never gated on, so one
 * angry guest cannot take a hotel out of the allocation.
 */
export function qualityMinRatings(): number {
  return config.QUALITY_MIN_RATINGS;
}
