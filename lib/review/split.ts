import { and, eq, inArray } from "drizzle-orm";
import { passengers, reviewItems } from "@/db/schema";
import { requirePermission } from "@/lib/auth/require";
import { splitGroup } from "@/lib/cases/split-group";
import { type Ctx, transaction } from "@/lib/context";
import { invalid } from "@/lib/errors";
import { parseInput } from "@/lib/validation";
import { auditItem, holdForAction } from "./act";
import type { z } from "zod";
import { SplitGroupBody } from "@/lib/cases/inputs";
import { type ReviewItem, ReviewItemRef } from "@/lib/records/review";
import { toReviewItem } from "@/lib/records/review-item";

// the case's split body (lib/cases/inputs), kept out of ./schemas so the console's forms stay free of server modules
export const ReviewSplitInput = SplitGroupBody.extend(ReviewItemRef.shape);
export type ReviewSplitInput = z.input<typeof ReviewSplitInput>;

/**
 * POST /manual-review/{itemUrn}/split: splits one of the item's groups (the one holding the
 * passengers of `into`) with the case's split verb (a booked group is refused there), adds the new
 * parts to the item's groups; the split itself asks allocation to place the parts that now have one tier.
 */
export async function splitReviewItem({ ctx, input }: { ctx: Ctx; input: ReviewSplitInput }): Promise<ReviewItem> {
  requirePermission(ctx, "review:act", "split a group from review");
  const { itemUrn, into, reason } = parseInput(ReviewSplitInput, input);
  return transaction(ctx, async (tx) => {
    const target = await holdForAction(tx, itemUrn);
    const { item, row } = target;
    const listed = into.flat();
    const owners = await tx.db
      .select({ groupId: passengers.groupId })
      .from(passengers)
      .where(and(eq(passengers.caseUrn, row.urn), inArray(passengers.passengerId, listed)));
    const groupIds = [...new Set(owners.map((o) => o.groupId))];
    if (groupIds.length !== 1 || !item.affectedGroups.includes(groupIds[0])) {
      throw invalid("The parts must list the passengers of one of the item's groups.", [{ path: "into", message: `passengers of one group among ${item.affectedGroups.join(", ")}` }]);
    }
    const groupId = groupIds[0];
    const record = await splitGroup({ ctx: tx, input: { caseUrn: row.urn, groupId, into, reason }, placeWithoutDemand: true });
    const parts = into.map((ids) => record.passengerGroups.find((g) => g.passengerIds.includes(ids[0]))!);
    const affectedGroups = [...new Set([...item.affectedGroups, ...parts.map((p) => p.groupId)])];
    const [after] = await tx.db.update(reviewItems).set({ affectedGroups }).where(eq(reviewItems.urn, item.urn)).returning();
    // the case's split asks allocation to place the parts of one tier (lib/cases/place-regrouped.ts)
    const placeable = parts.filter((p) => p.tier !== null).map((p) => p.groupId);
    await auditItem(tx, target, after, "split", reason, { before: { groupId }, after: { parts: parts.map((p) => ({ groupId: p.groupId, tier: p.tier, passengerIds: p.passengerIds })), allocate: placeable } });
    return toReviewItem(after);
  });
}
