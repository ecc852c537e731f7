import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { transportSegments } from "@/db/schema";
import type { Ctx } from "@/lib/context";

export type VoucherTransport = { pickupLocation: string; scheduledAt: Date; vehicle: string | null; dispatcherPhone: string | null; status: "PLANNED" | "ASSIGNED" };

/**
 * The ride a reservation's voucher shows (spec 2.6): the next live one (PLANNED or ASSIGNED), to the
 * hotel first, then back to the airport once that one is done; with the pickup point, the time,
 * the vehicle and driver once assigned, and the dispatcher's number. Null without transport.
 */
export async function voucherTransport(ctx: Ctx, reservation: { urn: string; caseUrn: string }): Promise<VoucherTransport | null> {
  const [segment] = await ctx.db
    .select()
    .from(transportSegments)
    .where(
      and(
        eq(transportSegments.caseUrn, reservation.caseUrn),
        inArray(transportSegments.status, ["PLANNED", "ASSIGNED"]),
        sql`${transportSegments.reservationUrns} @> ${JSON.stringify([reservation.urn])}::jsonb`,
      ),
    )
    .orderBy(asc(transportSegments.direction), asc(transportSegments.scheduledAt), asc(transportSegments.urn))
    .limit(1);
  if (!segment) return null;
  const v = segment.vehicle ?? {};
  const driver = v.driverName ?? v.driver;
  const vehicle = [v.plate, v.vehicleId && v.vehicleId !== v.plate ? v.vehicleId : null, driver ? `driver ${driver}` : null, v.driverPhone].filter(Boolean).join(", ") || null;
  return {
    pickupLocation: segment.pickupLocation ?? v.pickupLocation ?? (segment.direction === "AIRPORT_TO_HOTEL" ? "the airport's hotel shuttle area" : "the hotel's main entrance"),
    scheduledAt: segment.scheduledAt,
    vehicle,
    dispatcherPhone: v.dispatcherPhone ?? v.phone ?? null,
    status: segment.status as "PLANNED" | "ASSIGNED",
  };
}
