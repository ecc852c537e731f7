import { and, eq } from "drizzle-orm";
import { reviewItems } from "@/db/schema";
import { mayDo, requirePermission } from "@/lib/auth/require";
import { bookManually, checkManualBooking } from "@/lib/booking/manual";
import { type Ctx, transaction } from "@/lib/context";
import { conflict } from "@/lib/errors";
import { parseInput } from "@/lib/validation";
import { recordAcceptedRecommendation } from "./accept";
import { auditItem, holdForAction, loadForAction } from "./act";
import { type ReviewItem, ReviewOverrideInput } from "@/lib/records/review";
import { toReviewItem } from "@/lib/records/review-item";
import { itemGroups, unhoused } from "./wave-context";

/**
 * POST /manual-review/{itemUrn}/override: books the given offer for each of the item's groups
 * without a reservation, through the booking domain's manual booking (no ranking, the provider
 * adapter the offer names, audited there as an override). Each group's booking is checked first,
 * reading only, so an unknown offer or a group booked meanwhile is refused before the claim and
 * the override decision are written. The claim and the decision then commit; the provider calls run outside that transaction, as every booking does, so a
 * provider that is slow never holds the case's lock and the booking's own idempotency applies.
 */
export async function overrideReviewItem({ ctx, input }: { ctx: Ctx; input: ReviewOverrideInput }): Promise<ReviewItem> {
  // spec part 5: overriding an allocation is a supervisor's (a manual booking, contract part 2). A
  // supervisor books the item's groups without claiming it (claims are the desk's), so the item
  // stays with whoever holds it and closes itself once every group is booked (close-booked.ts).
  const asSupervisor = !mayDo(ctx, "review:act") && mayDo(ctx, "booking:manual");
  if (!asSupervisor) requirePermission(ctx, "review:act", "override a booking from review");
  const { itemUrn, hotelUrn, providerOfferId, reason } = parseInput(ReviewOverrideInput, input);
  const pending = await transaction(ctx, async (tx) => {
    const target = await loadForAction(tx, itemUrn);
    return { caseUrn: target.row.urn, groups: unhoused(await itemGroups(tx, target.row.urn, target.item.affectedGroups)) };
  });
  for (const g of pending.groups) {
    await checkManualBooking({ ctx, input: { caseUrn: pending.caseUrn, groupId: g.groupId, hotelUrn, providerOfferId, reason, reviewUrn: itemUrn } });
  }
  const { item, row, groupIds } = await transaction(ctx, async (tx) => {
    const target = asSupervisor ? await loadForAction(tx, itemUrn, { anyClaimant: true }) : await holdForAction(tx, itemUrn);
    const groups = unhoused(await itemGroups(tx, target.row.urn, target.item.affectedGroups));
    if (groups.length === 0) throw conflict("INVALID_TRANSITION", "Every group of this item is booked already; resolve the item.");
    const ids = groups.map((g) => g.groupId);
    // booking by hand at a recommended hotel takes that rebook recommendation
    const accepted = await recordAcceptedRecommendation(tx, target.item, { action: "rebook", hotelUrn });
    await auditItem(tx, target, target.item, "override", reason, {
      before: { groups: groups.map((g) => ({ groupId: g.groupId, hotelUrn: g.hotelUrn })) },
      after: { groups: ids.map((groupId) => ({ groupId, hotelUrn, providerOfferId })), acceptedRecommendation: accepted.acceptedRecommendation },
    });
    return { ...target, groupIds: ids };
  });
  for (const groupId of groupIds) {
    await bookManually({ ctx, input: { caseUrn: row.urn, groupId, hotelUrn, providerOfferId, reason, reviewUrn: item.urn } });
  }
  const [after] = await ctx.db.select().from(reviewItems).where(and(eq(reviewItems.urn, item.urn), eq(reviewItems.tenant, ctx.principal.tenant))).limit(1);
  return toReviewItem(after);
}
