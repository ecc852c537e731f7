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
  /** the same by case, in the row's case order, cases with nothing short left out */
  byCase: { caseUrn: string; rides: number; seats: number }[];
  /** refused rides a taxi voucher (FLEET_UNAVAILABLE) stands for, and those vouchers */
  taxi: { rides: number; vouchers: number };
};

/**
 * A shortfall's numbers, read live from its cases' rides and ride vouchers (two grouped
 * statements), for the review item's detail and the board alike. A ride assigned by hand or
 * replaced by taxis leaves the count by itself.
 */
export async function shortfallFigures(ctx: Ctx, row: Pick<FleetShortfallRow, "tenant" | "caseUrns" | "withoutFleet">): Promise<ShortfallFigures> {
  if (!row.caseUrns.length) return { rides: 0, seats: 0, byType: [], byCase: [], taxi: { rides: 0, vouchers: 0 } };
  const [groups, [taxi]] = await Promise.all([
    ctx.db
      .select({
        caseUrn: transportSegments.caseUrn,
        vehicleType: transportSegments.vehicleType,
        rides: sql<number>`count(*)::int`,
        seats: sql<number>`coalesce(sum(${transportSegments.passengerCount}), 0)::int`,
      })
      .from(transportSegments)
      .where(
        and(
          eq(transportSegments.tenant, row.tenant),
          inArray(transportSegments.caseUrn, row.caseUrns),
          eq(transportSegments.status, "PLANNED"),
          row.withoutFleet ? undefined : isNotNull(transportSegments.fleetRefusal),
        ),
      )
      .groupBy(transportSegments.caseUrn, transportSegments.vehicleType),
    ctx.db
      .select({ rides: sql<number>`count(distinct ${rideVouchers.segmentUrn})::int`, vouchers: sql<number>`count(*)::int` })
      .from(rideVouchers)
      .where(and(eq(rideVouchers.tenant, row.tenant), inArray(rideVouchers.caseUrn, row.caseUrns), eq(rideVouchers.reason, "FLEET_UNAVAILABLE"), notInArray(rideVouchers.status, ["CANCELLED", "FAILED"]))),
  ]);
  const sum = <K extends string>(key: (g: (typeof groups)[number]) => K, order: readonly K[]) =>
    order.flatMap((k) => {
      const mine = groups.filter((g) => key(g) === k);
      return mine.length ? [{ key: k, rides: mine.reduce((n, g) => n + g.rides, 0), seats: mine.reduce((n, g) => n + g.seats, 0) }] : [];
    });
  const types = [...new Set(groups.map((g) => g.vehicleType))].sort();
  return {
    rides: groups.reduce((n, g) => n + g.rides, 0),
    seats: groups.reduce((n, g) => n + g.seats, 0),
    byType: sum((g) => g.vehicleType, types).map(({ key, ...n }) => ({ vehicleType: key, ...n })),
    byCase: sum((g) => g.caseUrn, row.caseUrns).map(({ key, ...n }) => ({ caseUrn: key, ...n })),
    taxi: taxi ?? { rides: 0, vouchers: 0 },
  };
}
