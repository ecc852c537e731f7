import { eq } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { type ReservationRow, vouchers } from "@/db/schema";
import { systemPrincipal } from "@/lib/auth/principal";
import { voucherProps } from "./model";
import { renderVoucher } from "./render";

export type VoucherRendition = { html: string; text: string };

/**
 * The voucher a reader gets: the stored rendition, or, for a CONFIRMED reservation whose voucher job
 * has not run yet, the rendition rendered now exactly as storeVoucher (./create.ts) and
 * refreshVoucher (./refresh.ts) render it — same props, no passenger link — so the bytes equal
 * what the voucher job stores from the same data. Nothing is written: storing the voucher (and the
 * message that follows it) is the passenger flow's step, in its order; a read must not jump ahead
 * of it. A reservation not CONFIRMED and never vouchered has none (null).
 *
 * The caller has checked who may read; the rendering runs as the system in the reservation's
 * tenant, as the voucher job does, so what a reader sees never depends on who reads. The caller
 * has read the reservation already (the passenger link follows replacements first), so it is passed in.
 */
export async function currentVoucher(db: DbOrTx, reservation: ReservationRow): Promise<VoucherRendition | null> {
  const [stored] = await db.select({ html: vouchers.html, text: vouchers.text }).from(vouchers).where(eq(vouchers.reservationUrn, reservation.urn)).limit(1);
  if (stored) return stored;
  if (reservation.status !== "CONFIRMED") return null;
  const ctx = { db, principal: systemPrincipal(reservation.tenant, "voucher-on-demand") };
  const { html, text } = await renderVoucher({ ...(await voucherProps(ctx, reservation)), passengerLink: null });
  return { html, text };
}
