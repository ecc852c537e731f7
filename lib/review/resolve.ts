import { requirePermission } from "@/lib/auth/require";
import { type Ctx, transaction } from "@/lib/context";
import { parseInput } from "@/lib/validation";
import { loadForAction, setState } from "./act";
import { returnCaseToFlow } from "./case-flow";
import { ResolveInput, type ReviewItem } from "@/lib/records/review";
import { toReviewItem } from "@/lib/records/review-item";

/**
 * POST /manual-review/{itemUrn}/resolve: closes the item with what was done (`resolution`) and
 * why, recording who and when; an OPEN item may be resolved directly (NO_ACTION needs no claim
 * first), one claimed by someone else is 409 ALREADY_CLAIMED. The case then returns to the normal
 * flow once no unresolved item is left (lib/review/case-flow.ts).
 */
export async function resolveReviewItem({ ctx, input }: { ctx: Ctx; input: ResolveInput }): Promise<ReviewItem> {
  requirePermission(ctx, "review:act", "resolve review items");
  const { itemUrn, resolution, reason } = parseInput(ResolveInput, input);
  return transaction(ctx, async (tx) => {
    const target = await loadForAction(tx, itemUrn);
    const after = await setState(
      tx,
      target,
      { state: "RESOLVED", resolution, resolvedBy: tx.principal.sub, resolvedAt: new Date(), assignedTo: target.item.assignedTo ?? tx.principal.sub },
      "resolve",
      reason,
    );
    await returnCaseToFlow(tx, target.row, reason);
    return toReviewItem(after);
  });
}
