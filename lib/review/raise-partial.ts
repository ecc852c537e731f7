import { and, eq } from "drizzle-orm";
import { cases, reviewItems } from "@/db/schema";
import { type Ctx, transaction } from "@/lib/context";
import type { EventData } from "@/lib/events";
import { createReviewItem } from "./create-item";

/**
 * A wave settled with some groups booked and others not (booking's `wave/settled`, outcome partial):
 * one PARTIAL_FULFILLMENT item (MEDIUM) naming the groups left without a room, unless one is already
 * open for that wave. The case row is locked first (the order every review action takes), so two
 * reactions to the same wave raise one item; running it again raises nothing. A `repair` (the same
 * fact handled again from its outbox event, maybe minutes later) raises nothing either when the item
 * was already raised and resolved meanwhile. Returns whether an item about the wave is open, so the
 * case can be sent to review.
 */
export async function raisePartialFulfilment(ctx: Ctx, fact: EventData<"wave/settled">, { repair = false } = {}): Promise<boolean> {
  if (fact.outcome !== "partial") return false;
  return transaction(ctx, async (tx) => {
    const [row] = await tx.db.select({ urn: cases.urn, airport: cases.airport, status: cases.status }).from(cases).where(eq(cases.urn, fact.caseUrn)).limit(1).for("update");
    if (!row) return false;
    const items = await tx.db
      .select({ state: reviewItems.state })
      .from(reviewItems)
      .where(and(eq(reviewItems.caseUrn, row.urn), eq(reviewItems.waveUrn, fact.waveUrn), eq(reviewItems.category, "PARTIAL_FULFILLMENT")));
    if (items.some((i) => i.state !== "RESOLVED")) return true;
    if (repair && items.length > 0) return false;
    const { bookedGroups: booked, unbookedGroups: unbooked } = fact;
    await createReviewItem(tx, {
      caseUrn: row.urn,
      airport: row.airport,
      category: "PARTIAL_FULFILLMENT",
      affectedGroups: unbooked,
      detail: `${booked.length} group(s) booked; ${unbooked.length} not booked: ${unbooked.join(", ")}.`,
      waveUrn: fact.waveUrn,
      reservationUrns: fact.reservationUrns,
    });
    return true;
  });
}
