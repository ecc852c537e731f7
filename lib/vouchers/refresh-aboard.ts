import { inArray } from "drizzle-orm";
import { vouchers } from "@/db/schema";
import type { Ctx } from "@/lib/context";
import { refreshVoucher } from "./refresh";

/**
 * Transport published `transport/rides.changed`: the vouchers of the reservations aboard show the
 * change (the passenger page reads them). Only stays whose voucher is stored are rendered again, found in one read: during a
 * meltdown most riders of a shuttle are still in their flow, and get the ride in their first voucher.
 */
export async function refreshVouchersOf(ctx: Ctx, urns: readonly string[]): Promise<void> {
  // the fact carries them distinct and sorted (lib/transport/rides-changed.ts), never none
  const stored = new Set((await ctx.db.select({ urn: vouchers.reservationUrn }).from(vouchers).where(inArray(vouchers.reservationUrn, urns))).map((v) => v.urn));
  for (const urn of urns) if (stored.has(urn)) await refreshVoucher(ctx, urn);
}
