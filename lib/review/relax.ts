import { requirePermission } from "@/lib/auth/require";
import { type Ctx, transaction } from "@/lib/context";
import { emit } from "@/lib/events";
import { parseInput } from "@/lib/validation";
import { recordAcceptedRecommendation } from "./accept";
import { auditItem, holdForAction } from "./act";
import { caseOverlayFields } from "@/lib/policies/case-overlays";
import { addCaseOverlay } from "./overlay";
import { RelaxInput, type ReviewItem } from "@/lib/records/review";
import { toReviewItem } from "@/lib/records/review-item";
import { itemGroups, latestWave, unhoused } from "./wave-context";

/**
 * POST /manual-review/{itemUrn}/relax: relaxes policy constraints for this case only. The change
 * is a case-scoped overlay (table case_policy_overlays) that every later allocation of this case
 * applies on top of the policies it matches, for every tier of the case; the policies themselves
 * and every other case are untouched. Audited with the case's overlay before and after, then the
 * item's groups still without a booking are allocated again (`allocation/requested`).
 */
export async function relaxReviewItem({ ctx, input }: { ctx: Ctx; input: RelaxInput }): Promise<ReviewItem> {
  requirePermission(ctx, "review:act", "relax a policy for a case");
  const { itemUrn, fields, reason } = parseInput(RelaxInput, input);
  return transaction(ctx, async (tx) => {
    const target = await holdForAction(tx, itemUrn);
    const { item, row } = target;
    const before = (await caseOverlayFields(tx, row.urn)) ?? {};
    await addCaseOverlay(tx, { caseUrn: row.urn, reviewUrn: item.urn, fields, reason });
    const groupIds = unhoused(await itemGroups(tx, row.urn, item.affectedGroups)).map((g) => g.groupId);
    if (groupIds.length) {
      const wave = await latestWave(tx, row.urn);
      await emit(tx, "allocation/requested", { tenant: tx.principal.tenant, caseUrn: row.urn, demandUrn: wave?.demandUrn ?? null, reason, groupIds });
    }
    const after = await recordAcceptedRecommendation(tx, item, { action: "relaxPolicy", fields });
    await auditItem(tx, target, item, "relax", reason, { before: { caseOverlay: before }, after: { caseOverlay: { ...before, ...fields }, rerunGroups: groupIds, acceptedRecommendation: after.acceptedRecommendation } });
    return toReviewItem(after);
  });
}
