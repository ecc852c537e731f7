import { Badge } from "@/components/ui/badge";
import type { QualityScore } from "@/lib/hotels/quality-score";

/**
 * A hotel's stay quality beside its name: the mean rating of 5 and how many ratings, or "too few
 * ratings" below QUALITY_MIN_RATINGS; nothing when the tenant has never rated the hotel.
 */
export function QualityBadge({ quality }: { quality: QualityScore | undefined }) {
  if (!quality || quality.ratings === 0) return null;
  const n = `${quality.ratings} rating${quality.ratings === 1 ? "" : "s"}`;
  if (quality.score === null) {
    return (
      <Badge variant="outline" title={`Stay quality: not scored yet (${n})`} data-testid="hotel-quality">
        Quality: too few ratings ({quality.ratings})
      </Badge>
    );
  }
  return (
    <Badge variant={quality.score < 3 ? "destructive" : "outline"} title={`Stay quality: mean rating ${quality.score} of 5 over ${n}`} data-testid="hotel-quality">
      Quality {quality.score.toFixed(1)}/5 ({quality.ratings})
    </Badge>
  );
}
