import type { Ctx } from "@/lib/context";
import { refreshVoucher } from "@/lib/vouchers/refresh";

/** After a ride changed: the vouchers of the reservations aboard show it (the passenger page reads them). */
export async function refreshVouchersOf(ctx: Ctx, reservationUrns: Iterable<string>): Promise<void> {
  for (const urn of [...new Set(reservationUrns)].sort()) await refreshVoucher(ctx, urn);
}
