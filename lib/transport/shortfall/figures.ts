import { and, eq, inArray, isNotNull, notInArray, sql } from "drizzle-orm";
import { type FleetShortfallRow, rideVouchers, transportSegments } from "@/db/schema";
import type { Ctx } from "@/lib/context";
import type { VehicleType } from "@/lib/vocabulary";

export type ShortfallFigures = {
  /** rides the fleet refused (or, with no fleet configured, any) still PLANNED without a vehicle */
  rides: number;
  /** their riders: the seats missing */
  seats: number;
  byType: { vehicleType: VehicleType; rides: number; seats: number }[];
  /** refused rides a taxi voucher (FLEET_UNAVAILABLE) stands for, and those vouchers */
  taxi: { rides: number; vouchers: number };
};

/**
 * A shortfall's numbers, read live from its cases' rides and ride vouchers (two grouped
 * statements), for the review item's detail and the board alike. A ride assigned by hand or
 * replaced by taxis leaves the count by itself.
 */
export async function shortfallFigures(ctx: Ctx, row: Pick<FleetShortfallRow, "tenant" | "caseUrns" | "withoutFleet">): Promise<ShortfallFigures> {
  if (!row.caseUrns.length) return { rides: 0, seats: 0, byType: [], taxi: { rides: 0, vouchers: 0 } };
  const [byType, [taxi]] = await Promise.all([
    ctx.db
      .select({ vehicleType: transportSegments.vehicleType, rides: sql<number>`count(*)::int`, seats: sql<number>`coalesce(sum(${transportSegments.passengerCount}), 0)::int` })
      .from(transportSegments)
      .where(
        and(
          eq(transportSegments.tenant, row.tenant),
          inArray(transportSegments.caseUrn, row.caseUrns),
          eq(transportSegments.status, "PLANNED"),
          row.withoutFleet ? undefined : isNotNull(transportSegments.fleetRefusal),
        ),
      )
      .groupBy(transportSegments.vehicleType)
      .orderBy(transportSegments.vehicleType),
    ctx.db
      .select({ rides: sql<number>`count(distinct ${rideVouchers.segmentUrn})::int`, vouchers: sql<number>`count(*)::int` })
      .from(rideVouchers)
      .where(and(eq(rideVouchers.tenant, row.tenant), inArray(rideVouchers.caseUrn, row.caseUrns), eq(rideVouchers.reason, "FLEET_UNAVAILABLE"), notInArray(rideVouchers.status, ["CANCELLED", "FAILED"]))),
  ]);
  return {
    rides: byType.reduce((n, t) => n + t.rides, 0),
    seats: byType.reduce((n, t) => n + t.seats, 0),
    byType,
    taxi: taxi ?? { rides: 0, vouchers: 0 },
  };
}
