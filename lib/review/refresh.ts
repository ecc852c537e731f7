import { requirePermission } from "@/lib/auth/require";
import { type Ctx, transaction } from "@/lib/context";
import { parseInput } from "@/lib/validation";
import { loadForAction } from "./act";
import { recommendItem } from "./recommend";
import { ReviewItemRef, type ReviewItem } from "@/lib/records/review";
import { toReviewItem } from "@/lib/records/review-item";

/** POST /manual-review/{itemUrn}/recommendations:refresh: the recommender again, on the latest wave; claims nothing. */
export async function refreshRecommendations({ ctx, input }: { ctx: Ctx; input: { itemUrn: string } }): Promise<ReviewItem> {
  requirePermission(ctx, "review:act", "refresh recommendations");
  const { itemUrn } = parseInput(ReviewItemRef, input);
  return transaction(ctx, async (tx) => {
    const { item } = await loadForAction(tx, itemUrn, { anyClaimant: true });
    return toReviewItem(await recommendItem(tx, item, { replace: true }));
  });
}
