import { and, eq, inArray, isNotNull } from "drizzle-orm";
import { rideVouchers, transportSegments } from "@/db/schema";
import type { Ctx } from "@/lib/context";
import { DomainError } from "@/lib/errors";
import { cancelSegment } from "@/lib/transport/cancel";
import { REPLACED_BY_TAXI } from "@/lib/transport/plan/types";

/**
 * Taxis run "where no shuttle runs": once every rider of a ride holds an issued taxi voucher for it
 * (each reservation aboard one ISSUED or USED for that direction), the ride is cancelled through
 * transport's own verb, which releases its fleet vehicle and renders the riders' vouchers again,
 * so the group is not sent both. A reaction after the issue committed, never inside transport's
 * transaction. A ride still carrying someone without a taxi runs as planned. Answers the rides
 * cancelled; a second run finds them no longer live and changes nothing.
 */
export async function replaceRidesByTaxi(ctx: Ctx, reservationUrn: string): Promise<string[]> {
  const mine = await ctx.db
    .select({ segmentUrn: rideVouchers.segmentUrn })
    .from(rideVouchers)
    .where(and(eq(rideVouchers.reservationUrn, reservationUrn), eq(rideVouchers.tenant, ctx.principal.tenant), inArray(rideVouchers.status, ["ISSUED", "USED"]), isNotNull(rideVouchers.segmentUrn)));
  const segmentUrns = [...new Set(mine.map((m) => m.segmentUrn!))].sort();
  if (!segmentUrns.length) return [];
  const live = await ctx.db
    .select()
    .from(transportSegments)
    .where(and(inArray(transportSegments.urn, segmentUrns), inArray(transportSegments.status, ["PLANNED", "ASSIGNED"])));
  const cancelled: string[] = [];
  for (const segment of live) {
    const aboard = [...new Set(segment.passengers.map((p) => p.reservationUrn))];
    const taxis = await ctx.db
      .select({ reservationUrn: rideVouchers.reservationUrn, reason: rideVouchers.reason })
      .from(rideVouchers)
      .where(and(inArray(rideVouchers.reservationUrn, aboard), eq(rideVouchers.direction, segment.direction), inArray(rideVouchers.status, ["ISSUED", "USED"])));
    const covered = new Set(taxis.map((t) => t.reservationUrn));
    if (!aboard.every((r) => covered.has(r))) continue;
    const reasons = [...new Set(taxis.map((t) => t.reason))].sort().join("|");
    try {
      await cancelSegment({ ctx, input: { segmentUrn: segment.urn, reason: `${REPLACED_BY_TAXI} (${reasons})` } });
      cancelled.push(segment.urn);
    } catch (err) {
      // an operator cancelled or completed it meanwhile, or the case closed: nothing left to replace
      if (err instanceof DomainError && err.status === 409) continue;
      throw err;
    }
  }
  return cancelled;
}
