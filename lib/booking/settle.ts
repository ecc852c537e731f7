import { eq, sql } from "drizzle-orm";
import { allocationWaves, cases, reservations } from "@/db/schema";
import { type Ctx, transaction } from "@/lib/context";
import { emit } from "@/lib/events";

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

/**
 * After a group's booking ends (confirmed or failed), what the wave adds up to. The case row is
 * locked first, so the groups of a wave finishing at once settle one after the other and exactly
 * one of them sees the last outcome. While a group of the wave is still booking: nothing. Once
 * every placed group has an outcome, booking publishes `wave/settled` with it (fulfilled, partial,
 * failed; the groups booked and not) and writes nothing else: the demand, the review queue and the
 * case's status react to that fact after the commit, in their own domains (lib/reactions/wave-settled.ts),
 * before this returns.
 */
export async function settleWave(ctx: Ctx, input: { caseUrn: string; waveUrn: string }): Promise<Settled> {
  if (!ctx.inTransaction && (await stillBooking(ctx, input.waveUrn))) return { state: "waiting", booked: [], failed: [] };
  return transaction(ctx, async (tx) => {
    const [row] = await tx.db.select({ urn: cases.urn, tenant: cases.tenant }).from(cases).where(eq(cases.urn, input.caseUrn)).limit(1).for("update");
    const [wave] = await tx.db.select().from(allocationWaves).where(eq(allocationWaves.urn, input.waveUrn)).limit(1);
    if (!row || !wave) return { state: "waiting", booked: [], failed: [] };
    const placed = (wave.allocations as { groupId: string }[]).map((a) => a.groupId);
    const held = (wave.held as { groupId: string }[]).map((h) => h.groupId);
    const rows = await tx.db.select({ urn: reservations.urn, groupId: reservations.groupId, status: reservations.status }).from(reservations).where(eq(reservations.waveUrn, wave.urn));
    const statusesOf = (g: string) => rows.filter((r) => r.groupId === g).map((r) => r.status);
    const booked: string[] = [];
    const failed: string[] = [...held];
    for (const g of placed) {
      const s = statusesOf(g);
      if (s.includes("CONFIRMED") || s.includes("CHECKED_OUT")) booked.push(g);
      else if (s.includes("PENDING") || s.length === 0) return { state: "waiting", booked, failed };
      else failed.push(g);
    }
    const state = failed.length === 0 ? "fulfilled" : booked.length === 0 ? "failed" : "partial";
    await emit(tx, "wave/settled", {
      tenant: row.tenant,
      caseUrn: row.urn,
      waveUrn: wave.urn,
      demandUrn: wave.demandUrn,
      outcome: state,
      bookedGroups: booked,
      unbookedGroups: failed,
      reservationUrns: rows.filter((r) => r.status === "CONFIRMED" || r.status === "FAILED").map((r) => r.urn),
    });
    return { state, booked, failed };
  });
}
