import { and, eq, inArray, sql } from "drizzle-orm";
import { rideVouchers, type RideVoucherRow, transportSegments, type TransportSegmentRow } from "@/db/schema";
import type { Ctx } from "@/lib/context";
import type { SegmentDirection } from "@/lib/vocabulary";

/** How one leg of a stay gets its passengers there, once decided; PENDING while it is not. */
export type LegRide = "SHUTTLE" | "TAXI" | "NONE_OWED" | "PENDING";
export type RideStatus = { decided: boolean; legs: Record<SegmentDirection, LegRide> };

/**
 * Is the ride of a reservation decided (issue 28: "room confirmed → ride decided → voucher")? Per
 * leg, exactly one of: a seat on a live shuttle that has a vehicle; an issued taxi voucher; nothing
 * planned and nothing pending, so none is owed. A shuttle still without a vehicle, or a taxi
 * voucher the ride provider has not issued yet, is PENDING. Read after the stay's transport was
 * planned (lib/rides/arrange.ts), so "nothing planned" means the policy plans no ride for the group.
 */
export async function rideStatusOf(ctx: Ctx, r: { urn: string; caseUrn: string }): Promise<RideStatus> {
  const segments = await ctx.db
    .select({ direction: transportSegments.direction, status: transportSegments.status, vehicle: transportSegments.vehicle, reservationUrns: transportSegments.reservationUrns })
    .from(transportSegments)
    .where(
      and(
        eq(transportSegments.caseUrn, r.caseUrn),
        inArray(transportSegments.status, ["PLANNED", "ASSIGNED"]),
        sql`${transportSegments.reservationUrns} @> ${JSON.stringify([r.urn])}::jsonb`,
      ),
    );
  const taxis = await ctx.db
    .select({ reservationUrn: rideVouchers.reservationUrn, direction: rideVouchers.direction, status: rideVouchers.status })
    .from(rideVouchers)
    .where(and(eq(rideVouchers.reservationUrn, r.urn), inArray(rideVouchers.status, ["PENDING", "ISSUED", "USED"])));
  return rideStatusFrom(r.urn, segments, taxis);
}

/**
 * The same from rows read already (a chunk's segments and ride vouchers, lib/rides/arrange.ts): only
 * the live ones that carry the stay count, so the caller may pass a whole chunk's.
 */
export function rideStatusFrom(
  reservationUrn: string,
  segments: readonly Pick<TransportSegmentRow, "direction" | "status" | "vehicle" | "reservationUrns">[],
  rides: readonly Pick<RideVoucherRow, "reservationUrn" | "direction" | "status">[],
): RideStatus {
  const mine = segments.filter((s) => (s.status === "PLANNED" || s.status === "ASSIGNED") && s.reservationUrns.includes(reservationUrn));
  const taxis = rides.filter((t) => t.reservationUrn === reservationUrn && (t.status === "PENDING" || t.status === "ISSUED" || t.status === "USED"));
  const leg = (direction: SegmentDirection): LegRide => {
    // an issued taxi is the leg's ride (the group leaves the shuttle once it is issued)
    if (taxis.some((t) => t.direction === direction && t.status !== "PENDING")) return "TAXI";
    // a shuttle with a vehicle carries the group while its taxi waits for the ride provider (none configured, or down)
    const on = mine.filter((s) => s.direction === direction);
    if (on.length && on.every((s) => s.status === "ASSIGNED" || s.vehicle !== null)) return "SHUTTLE";
    if (on.length || taxis.some((t) => t.direction === direction)) return "PENDING";
    return "NONE_OWED";
  };
  const legs = { AIRPORT_TO_HOTEL: leg("AIRPORT_TO_HOTEL"), HOTEL_TO_AIRPORT: leg("HOTEL_TO_AIRPORT") };
  return { decided: Object.values(legs).every((l) => l !== "PENDING"), legs };
}
