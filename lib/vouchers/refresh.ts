import { and, eq } from "drizzle-orm";
import { reservations, vouchers } from "@/db/schema";
import type { Ctx } from "@/lib/context";
import { voucherProps } from "./model";
import { renderVoucher } from "./render";

/**
 * Renders the stored voucher of a CONFIRMED reservation again from what is true now (the transport
 * section follows its rides: pickup, time, vehicle), so the passenger page shows the change. A
 * voucher whose rendition is unchanged is not written. Runs in the caller's transaction.
 */
export async function refreshVoucher(ctx: Ctx, reservationUrn: string): Promise<boolean> {
  const [reservation] = await ctx.db.select().from(reservations).where(and(eq(reservations.urn, reservationUrn), eq(reservations.tenant, ctx.principal.tenant))).limit(1);
  if (!reservation || reservation.status !== "CONFIRMED") return false;
  const [stored] = await ctx.db.select({ urn: vouchers.urn, html: vouchers.html, text: vouchers.text }).from(vouchers).where(eq(vouchers.reservationUrn, reservationUrn)).limit(1);
  if (!stored) return false;
  const { html, text } = await renderVoucher({ ...(await voucherProps(ctx, reservation)), passengerLink: null });
  if (html === stored.html && text === stored.text) return false;
  await ctx.db.update(vouchers).set({ html, text }).where(eq(vouchers.urn, stored.urn));
  return true;
}
