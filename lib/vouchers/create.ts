import { eq } from "drizzle-orm";
import { reservations, type ReservationRow, vouchers, type VoucherRow } from "@/db/schema";
import type { VoucherProps } from "@/emails/voucher";
import type { Ctx } from "@/lib/context";
import { conflict, notFound } from "@/lib/errors";
import { voucherPropsOnce } from "./model";
import { storeVouchers } from "./issue";
import { renderVoucher } from "./render";

/**
 * Renders and stores the voucher of a CONFIRMED reservation, in the caller's transaction (the
 * booking job calls it in the reservation's). Idempotent: a reservation has one voucher (unique
 * reservation_urn), and a second call, or a concurrent one, answers the row already there.
 */
export async function createVoucher(ctx: Ctx, reservationUrn: string): Promise<VoucherRow> {
  const existing = await voucherOf(ctx, reservationUrn);
  if (existing) return existing;
  const [reservation] = await ctx.db.select().from(reservations).where(eq(reservations.urn, reservationUrn)).limit(1);
  if (!reservation || reservation.tenant !== ctx.principal.tenant) throw notFound(`Reservation ${reservationUrn}`);
  if (reservation.status !== "CONFIRMED") {
    throw conflict("INVALID_TRANSITION", `Reservation ${reservationUrn} is ${reservation.status}; a voucher is issued for a CONFIRMED reservation only.`);
  }
  return storeVoucher(ctx, reservation, await voucherPropsOnce(ctx, reservation));
}

/** Renders and stores the voucher of a CONFIRMED reservation from props read already; the row there wins a race. */
export async function storeVoucher(ctx: Ctx, reservation: ReservationRow, props: Omit<VoucherProps, "passengerLink">): Promise<VoucherRow> {
  const rendition = await renderVoucher({ ...props, passengerLink: null });
  await storeVouchers(ctx, [{ reservation, props, rendition }]);
  return (await voucherOf(ctx, reservation.urn))!;
}

export async function voucherOf(ctx: Ctx, reservationUrn: string): Promise<VoucherRow | null> {
  const [row] = await ctx.db.select().from(vouchers).where(eq(vouchers.reservationUrn, reservationUrn)).limit(1);
  return row ?? null;
}
