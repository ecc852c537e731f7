import { and, eq, inArray } from "drizzle-orm";
import { reservations, reviewItems } from "@/db/schema";
import { requirePermission } from "@/lib/auth/require";
import { loadCase } from "@/lib/cases/load";
import { type Ctx, transaction } from "@/lib/context";
import type { ReviewCategory } from "@/lib/vocabulary";
import { setState } from "./act";
import { returnCaseToFlow } from "./case-flow";
import { itemGroups, unhoused } from "./wave-context";

/**
 * The items whose problem is "these groups have no room": once every group they name has a
 * confirmed reservation, nothing is left to do on them. DATA_INCOMPLETE (a missing name stays
 * missing) and TRANSPORT_UNASSIGNED (a ride, not a room) are not closed by a booking.
 */
const ROOM_PROBLEMS: ReviewCategory[] = ["ALLOCATION_FAILED", "BOOKING_FAILED", "PAYMENT_FAILED", "PARTIAL_FULFILLMENT", "POLICY_VIOLATION", "MIXED_TIER_GROUP", "HOTEL_WALKED"];

/** The resolution of an item closed because its groups got booked; not one an operator sends. */
export const GROUP_BOOKED = "GROUP_BOOKED";

/**
 * After a wave of a case settles (`wave/settled`, emitted once booking has an outcome for every
 * group placed in it, whichever path booked: the wave, a rebook or an override from review, a
 * rerun after a relax), closes the case's OPEN items about rooms whose groups are now all booked:
 * RESOLVED with resolution GROUP_BOOKED, audited with the reason ("group booked: WM123 at Hôtel
 * Lumière, confirmation AB12"), and the case back to its normal flow as a resolve does. An item
 * someone holds (CLAIMED) is theirs: they resolve it, the form defaulting to what they did. One
 * indexed read (review_items_case_idx) when nothing is open, which is the common case.
 */
export async function closeBookedItems(ctx: Ctx, input: { caseUrn: string }): Promise<{ closed: string[] }> {
  requirePermission(ctx, "review:act", "close review items whose groups are booked");
  const open = await ctx.db
    .select({ urn: reviewItems.urn, affectedGroups: reviewItems.affectedGroups })
    .from(reviewItems)
    .where(and(eq(reviewItems.caseUrn, input.caseUrn), eq(reviewItems.tenant, ctx.principal.tenant), eq(reviewItems.state, "OPEN"), inArray(reviewItems.category, ROOM_PROBLEMS)));
  if (open.length === 0) return { closed: [] };
  const closed: string[] = [];
  for (const { urn } of open) {
    if (await closeIfBooked(ctx, input.caseUrn, urn)) closed.push(urn);
  }
  return { closed };
}

/** One item, in its own transaction: case then item locked (the order every review action takes), then checked again. */
async function closeIfBooked(ctx: Ctx, caseUrn: string, itemUrn: string): Promise<boolean> {
  return transaction(ctx, async (tx) => {
    const row = await loadCase(tx, caseUrn, { forUpdate: true });
    if (row.status === "CLOSED") return false;
    const [item] = await tx.db.select().from(reviewItems).where(eq(reviewItems.urn, itemUrn)).limit(1).for("update");
    // claimed or resolved meanwhile: a person has it, or it is done
    if (!item || item.state !== "OPEN") return false;
    const groups = await itemGroups(tx, caseUrn, item.affectedGroups);
    const booked = groups.filter((g) => g.reservationUrn);
    if (booked.length === 0 || unhoused(groups).length > 0) return false;
    const stays = await tx.db
      .select({ groupId: reservations.groupId, hotelName: reservations.hotelName, confirmationCode: reservations.confirmationCode })
      .from(reservations)
      .where(inArray(reservations.urn, booked.map((g) => g.reservationUrn!)));
    const reason = `group booked: ${stays.map((s) => `${s.groupId} at ${s.hotelName ?? "its hotel"}${s.confirmationCode ? `, confirmation ${s.confirmationCode}` : ""}`).join("; ")}`;
    await setState(tx, { item, row }, { state: "RESOLVED", resolution: GROUP_BOOKED, resolvedBy: tx.principal.sub, resolvedAt: new Date() }, "resolve", reason);
    await returnCaseToFlow(tx, row, reason);
    return true;
  });
}
