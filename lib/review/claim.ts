import { requirePermission } from "@/lib/auth/require";
import { type Ctx, transaction } from "@/lib/context";
import { parseInput } from "@/lib/validation";
import { holdForAction, loadForAction, setState } from "./act";
import { ClaimInput, ReleaseInput, type ReviewItem } from "@/lib/records/review";
import { toReviewItem } from "@/lib/records/review-item";

/**
 * POST /manual-review/{itemUrn}/claim: the caller takes the item (CLAIMED, assignedTo = their sub),
 * so no one else works on it in parallel. Claiming an item one already holds answers it unchanged;
 * one someone else holds is 409 ALREADY_CLAIMED. Of concurrent claims exactly one wins.
 */
export async function claimReviewItem({ ctx, input }: { ctx: Ctx; input: ClaimInput }): Promise<ReviewItem> {
  requirePermission(ctx, "review:act", "claim review items");
  const { itemUrn } = parseInput(ClaimInput, input);
  return transaction(ctx, async (tx) => toReviewItem((await holdForAction(tx, itemUrn)).item));
}

/**
 * POST /manual-review/{itemUrn}/release (our addition to the contract): the claimant hands the
 * item back to the queue (OPEN, nobody assigned). An ADMIN may release anyone's claim, e.g. for an
 * operator who went off shift; anyone else gets 409 ALREADY_CLAIMED for another's claim. Releasing
 * an item nobody holds is 409 INVALID_TRANSITION.
 */
export async function releaseReviewItem({ ctx, input }: { ctx: Ctx; input: ReleaseInput }): Promise<ReviewItem> {
  requirePermission(ctx, "review:act", "release review items");
  const { itemUrn, reason } = parseInput(ReleaseInput, input);
  return transaction(ctx, async (tx) => {
    const target = await loadForAction(tx, itemUrn, { anyClaimant: tx.principal.roles.includes("ADMIN") });
    const after = await setState(tx, target, { state: "OPEN", assignedTo: null }, "release", reason ?? null);
    return toReviewItem(after);
  });
}
