import { and, eq } from "drizzle-orm";
import { reservations, vouchers } from "@/db/schema";
import { type Ctx, transaction } from "@/lib/context";
import { emit } from "@/lib/events";
import { voucherProps } from "./model";
import { renderVoucher } from "./render";

/**
 * Renders the stored voucher of a CONFIRMED reservation again from what is true now (the transport
 * section follows its rides: pickup, time, vehicle; the care block the newest assessment), so the
 * passenger page shows the change. A voucher whose rendition is unchanged is not written.
 *
 * Several jobs refresh one voucher (care-refresh-vouchers, the rides job, transport changes), so the
 * voucher row is locked first and everything rendered is read after the lock: a render begun before
 * a taxi was issued can no longer commit last and wipe it, the later one waits and reads the taxi.
 * Runs in the caller's transaction, or in a short one of its own.
 */
export async function refreshVoucher(ctx: Ctx, reservationUrn: string): Promise<boolean> {
  return transaction(ctx, async (tx) => {
    const [stored] = await tx.db
      .select({ urn: vouchers.urn, html: vouchers.html, text: vouchers.text })
      .from(vouchers)
      .where(and(eq(vouchers.reservationUrn, reservationUrn), eq(vouchers.tenant, tx.principal.tenant)))
      .limit(1)
      .for("update");
    if (!stored) return false;
    const [reservation] = await tx.db.select().from(reservations).where(and(eq(reservations.urn, reservationUrn), eq(reservations.tenant, tx.principal.tenant))).limit(1);
    if (!reservation || reservation.status !== "CONFIRMED") return false;
    const { html, text } = await renderVoucher({ ...(await voucherProps(tx, reservation)), passengerLink: null });
    if (html === stored.html && text === stored.text) return false;
    await tx.db.update(vouchers).set({ html, text }).where(eq(vouchers.urn, stored.urn));
    // a fact for whoever tells the passenger: a ride decided after the voucher left is sent once (lib/messages/voucher.ts)
    await emit(tx, "voucher/refreshed", { tenant: reservation.tenant, caseUrn: reservation.caseUrn, reservationUrn: reservation.urn });
    return true;
  });
}
