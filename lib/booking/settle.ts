import { and, eq, inArray, ne, notInArray, sql } from "drizzle-orm";
import { allocationWaves, cases, demands, passengers, reservations, reviewItems } from "@/db/schema";
import { canTransition, moveCase } from "@/lib/cases/transitions";
import { type Ctx, transaction } from "@/lib/context";
import { transitionDemand } from "@/lib/demand/transition";
import { emit } from "@/lib/events";
import { createReviewItem } from "@/lib/review/create-item";

export type Settled = { state: "waiting" | "fulfilled" | "partial" | "failed"; booked: string[]; failed: string[] };

/**
 * One unlocked read: does a group of the wave still book (a PENDING reservation, or a placed group
 * with no reservation yet)? Then its own end settles the wave, and this one need not lock the case
 * and read the whole wave: each group's end checked after its commit, so the last to commit sees
 * every other outcome. Without it a wave of n groups read n × n reservation rows.
 */
async function stillBooking(ctx: Ctx, waveUrn: string): Promise<boolean> {
  const [row] = await ctx.db
    .select({
      pending: sql<number>`count(*) filter (where ${reservations.status} = 'PENDING')`.mapWith(Number),
      groups: sql<number>`count(distinct ${reservations.groupId})`.mapWith(Number),
      placed: sql<number>`(select jsonb_array_length(${allocationWaves.allocations}) from ${allocationWaves} where ${allocationWaves.urn} = ${waveUrn})`.mapWith(Number),
    })
    .from(reservations)
    .where(eq(reservations.waveUrn, waveUrn));
  return Boolean(row && (row.pending > 0 || row.groups < row.placed));
}

/** Passengers that need nothing more from booking. */
const HOUSED_OR_DONE = ["BOOKED", "CHECKED_OUT", "LOCAL_RESIDENT", "CANCELLED"] as const;

/**
 * After a group's booking ends (confirmed or failed), what the wave adds up to. The case row is
 * locked first, so the groups of a wave finishing at once settle one after the other and exactly
 * one of them sees the last outcome. While a group of the wave is still booking: nothing. Every
 * group booked: the wave's demand FULFILLED and, once no passenger of the case waits for a room,
 * the case ACCOMMODATED. Some booked and others failed or held: one PARTIAL_FULFILLMENT item
 * (MEDIUM) and the demand PARTIAL. Nothing booked: the BOOKING_FAILED items already say it.
 */
export async function settleWave(ctx: Ctx, input: { caseUrn: string; waveUrn: string }): Promise<Settled> {
  if (!ctx.inTransaction && (await stillBooking(ctx, input.waveUrn))) return { state: "waiting", booked: [], failed: [] };
  return transaction(ctx, async (tx) => {
    const [row] = await tx.db.select().from(cases).where(eq(cases.urn, input.caseUrn)).limit(1).for("update");
    const [wave] = await tx.db.select().from(allocationWaves).where(eq(allocationWaves.urn, input.waveUrn)).limit(1);
    if (!row || !wave) return { state: "waiting", booked: [], failed: [] };
    const placed = (wave.allocations as { groupId: string }[]).map((a) => a.groupId);
    const held = (wave.held as { groupId: string }[]).map((h) => h.groupId);
    const rows = await tx.db.select({ groupId: reservations.groupId, status: reservations.status }).from(reservations).where(eq(reservations.waveUrn, wave.urn));
    const statusesOf = (g: string) => rows.filter((r) => r.groupId === g).map((r) => r.status);
    const booked: string[] = [];
    const failed: string[] = [...held];
    for (const g of placed) {
      const s = statusesOf(g);
      if (s.includes("CONFIRMED") || s.includes("CHECKED_OUT")) booked.push(g);
      else if (s.includes("PENDING") || s.length === 0) return { state: "waiting", booked, failed };
      else failed.push(g);
    }

    // every placed group has an outcome: review items its bookings solved are closed after commit (inngest/functions/close-booked-items.ts)
    await emit(tx, "wave/settled", { tenant: row.tenant, caseUrn: row.urn, waveUrn: wave.urn });

    const demandRows = wave.demandUrn
      ? await tx.db.select().from(demands).where(eq(demands.urn, wave.demandUrn))
      : await tx.db.select().from(demands).where(and(eq(demands.caseUrn, row.urn), eq(demands.status, "APPROVED")));
    const approved = demandRows.filter((d) => d.status === "APPROVED");

    if (failed.length === 0) {
      for (const d of approved) await transitionDemand(tx, { demand: d, action: "fulfil", airport: row.airport, reason: "every group of the wave has a confirmed reservation" });
      const waiting = await tx.db
        .select({ id: passengers.passengerId })
        .from(passengers)
        .where(and(eq(passengers.caseUrn, row.urn), notInArray(passengers.operationalStatus, [...HOUSED_OR_DONE])))
        .limit(1);
      if (waiting.length === 0 && row.status !== "ACCOMMODATED" && row.status !== "MANUAL_REVIEW" && canTransition(row.status, "ACCOMMODATED")) {
        await moveCase(tx, row, { to: "ACCOMMODATED", action: "book", reason: "every group has a confirmed reservation" });
        // outbound webhooks (lib/webhooks) tell the airline's systems
        await emit(tx, "case/accommodated", { tenant: row.tenant, caseUrn: row.urn });
      }
      return { state: "fulfilled", booked, failed };
    }
    if (booked.length === 0) return { state: "failed", booked, failed };

    for (const d of approved) {
      await transitionDemand(tx, { demand: d, action: "partial", airport: row.airport, reason: `${booked.length} group(s) booked, ${failed.length} not` });
      await emit(tx, "demand/partial", { tenant: row.tenant, caseUrn: row.urn, demandUrn: d.urn, bookedGroups: booked, unbookedGroups: failed });
    }
    const [open] = await tx.db
      .select({ urn: reviewItems.urn })
      .from(reviewItems)
      .where(and(eq(reviewItems.caseUrn, row.urn), eq(reviewItems.waveUrn, wave.urn), eq(reviewItems.category, "PARTIAL_FULFILLMENT"), ne(reviewItems.state, "RESOLVED")))
      .limit(1);
    if (!open) {
      const reservationUrns = await tx.db
        .select({ urn: reservations.urn })
        .from(reservations)
        .where(and(eq(reservations.waveUrn, wave.urn), inArray(reservations.status, ["CONFIRMED", "FAILED"])));
      await createReviewItem(tx, {
        caseUrn: row.urn,
        airport: row.airport,
        category: "PARTIAL_FULFILLMENT",
        affectedGroups: failed,
        detail: `${booked.length} group(s) booked; ${failed.length} not booked: ${failed.join(", ")}.`,
        waveUrn: wave.urn,
        reservationUrns: reservationUrns.map((r) => r.urn),
      });
    }
    if (row.status !== "MANUAL_REVIEW" && canTransition(row.status, "MANUAL_REVIEW")) {
      await moveCase(tx, row, { to: "MANUAL_REVIEW", action: "book", reason: "some groups booked, others not" });
    }
    return { state: "partial", booked, failed };
  });
}
