import { and, eq, inArray, isNotNull } from "drizzle-orm";
import { rideVouchers, transportSegments } from "@/db/schema";
import { writeAudit } from "@/lib/audit/write";
import { loadCase, touchCase } from "@/lib/cases/load";
import { type Ctx, transaction } from "@/lib/context";
import { caseSystems } from "@/lib/peers/case-systems";
import { newUrn } from "@/lib/ids";
import { toAirportPickups } from "@/lib/transport/pickup-rule";
import { cancelRideVouchers } from "./cancel";
import { maskedRide } from "./masked";

export type FollowRidesOutcome = { cancelled: string[]; pending: string[]; reservations: string[] };

/**
 * The case's next flight moved (case/reaccommodated, after its commit): a taxi voucher to the airport
 * (PENDING or ISSUED) whose pickup the move changes is CANCELLED (at the provider first when issued)
 * and a successor written PENDING with the new pickup and expiry, in one transaction; the partial
 * unique index lets the new row in beside the cancelled one. The new pickup is transport's own rule
 * (lib/transport/pickup-rule.ts) read from the event's departure, so it does not matter whether
 * transport's re-timing ran first, nor that a ride a taxi replaced is cancelled. No overnight gap
 * left → every voucher of the case not used is cancelled. A second run finds the pickups equal and
 * changes nothing. Answers the successors for the job to issue, and the reservations touched.
 */
export async function followNextFlightRides(ctx: Ctx, input: { caseUrn: string; overnight: boolean; nextDeparture: string }): Promise<FollowRidesOutcome> {
  const kase = await loadCase(ctx, input.caseUrn);
  if (!input.overnight) {
    const live = await ctx.db
      .selectDistinct({ reservationUrn: rideVouchers.reservationUrn })
      .from(rideVouchers)
      .where(and(eq(rideVouchers.caseUrn, kase.urn), inArray(rideVouchers.status, ["PENDING", "ISSUED", "FAILED"])));
    const cancelled: string[] = [];
    for (const r of live) cancelled.push(...(await cancelRideVouchers(ctx, { reservationUrn: r.reservationUrn, reason: `no overnight gap left: the next flight leaves ${input.nextDeparture}` })));
    return { cancelled, pending: [], reservations: live.map((r) => r.reservationUrn).sort() };
  }
  const vouchers = await ctx.db
    .select()
    .from(rideVouchers)
    .where(and(eq(rideVouchers.caseUrn, kase.urn), eq(rideVouchers.direction, "HOTEL_TO_AIRPORT"), inArray(rideVouchers.status, ["PENDING", "ISSUED"]), isNotNull(rideVouchers.segmentUrn)))
    .orderBy(rideVouchers.urn);
  if (!vouchers.length) return { cancelled: [], pending: [], reservations: [] };
  // the rides they stand for, live or already replaced by them (cancelled): the riders set the pickup
  const segments = await ctx.db.select().from(transportSegments).where(inArray(transportSegments.urn, vouchers.map((v) => v.segmentUrn!)));
  const pickups = await toAirportPickups(ctx, kase, segments, input.nextDeparture);
  const out: FollowRidesOutcome = { cancelled: [], pending: [], reservations: [] };
  for (const old of vouchers) {
    const at = pickups.get(old.segmentUrn!);
    if (at === undefined || at === old.pickupAt.getTime()) continue;
    if (old.status === "ISSUED" && old.providerRef) {
      // its code must stop working before the successor exists; a provider that fails throws and the step retries
      const provider = await (await caseSystems(ctx, kase)).rides();
      if (provider) await provider.cancel(old.providerRef, old.urn);
    }
    const reason = `next flight moved to ${input.nextDeparture}: pickup ${old.pickupAt.toISOString()} → ${new Date(at).toISOString()}`;
    const successor = await transaction(ctx, async (tx) => {
      const [cancelled] = await tx.db
        .update(rideVouchers)
        .set({ status: "CANCELLED", cancelledAt: new Date(), cancelReason: reason })
        .where(and(eq(rideVouchers.urn, old.urn), eq(rideVouchers.status, old.status)))
        .returning();
      // the race: used or cancelled meanwhile; that answer stands
      if (!cancelled) return null;
      await writeAudit(tx, { entity: "ride-voucher", entityUrn: old.urn, action: "cancel", airport: kase.airport, reason, before: maskedRide(old), after: maskedRide(cancelled) });
      const [row] = await tx.db
        .insert(rideVouchers)
        .values({
          urn: newUrn("ride"),
          tenant: old.tenant,
          caseUrn: old.caseUrn,
          groupId: old.groupId,
          reservationUrn: old.reservationUrn,
          direction: old.direction,
          reason: old.reason,
          segmentUrn: old.segmentUrn,
          pickupAt: new Date(at),
          passengers: old.passengers,
          maxAmount: old.maxAmount,
          currency: old.currency,
        })
        .onConflictDoNothing()
        .returning();
      if (row) await writeAudit(tx, { entity: "ride-voucher", entityUrn: row.urn, action: "plan", airport: kase.airport, reason: `${row.reason}: replaces ${old.urn}, ${reason}`, after: row });
      await touchCase(tx, kase.urn);
      return row ?? null;
    });
    out.cancelled.push(old.urn);
    if (successor) out.pending.push(successor.urn);
    out.reservations.push(old.reservationUrn);
  }
  out.reservations = [...new Set(out.reservations)].sort();
  return out;
}
