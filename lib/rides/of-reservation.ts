import { and, asc, eq, inArray } from "drizzle-orm";
import { rideVouchers, type RideVoucherRow } from "@/db/schema";
import type { Ctx } from "@/lib/context";

/** The taxi vouchers a passenger can use for a stay: ISSUED (or already USED), by pickup. */
export async function usableRidesOf(ctx: Ctx, reservationUrn: string): Promise<RideVoucherRow[]> {
  return ctx.db
    .select()
    .from(rideVouchers)
    .where(and(eq(rideVouchers.reservationUrn, reservationUrn), inArray(rideVouchers.status, ["ISSUED", "USED"])))
    .orderBy(asc(rideVouchers.pickupAt), asc(rideVouchers.urn));
}
