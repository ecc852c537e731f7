import { and, eq } from "drizzle-orm";
import { reservations } from "@/db/schema";
import { transaction, type Ctx } from "@/lib/context";
import { queueVoucherEmails } from "@/lib/notifications/enqueue";
import { storeVoucher } from "./create";
import { voucherProps } from "./model";

export type Issued = { voucherUrn: string; emails: number } | { voucherUrn: null; skipped: string };

/**
 * A confirmed reservation's voucher rendered and stored, and its voucher emails queued, in one
 * transaction after the confirming one (inngest/functions/issue-voucher.ts reacts to
 * `reservation/confirmed`; a manual booking calls it before it answers). The reservation and the
 * voucher's props are read once for both renditions. Idempotent: one voucher per reservation, one
 * email per recipient and kind. A reservation no longer CONFIRMED when this runs (cancelled
 * meanwhile) gets none.
 */
export async function issueVoucher(ctx: Ctx, reservationUrn: string): Promise<Issued> {
  return transaction(ctx, async (tx) => {
    const [reservation] = await tx.db
      .select()
      .from(reservations)
      .where(and(eq(reservations.urn, reservationUrn), eq(reservations.tenant, tx.principal.tenant)))
      .limit(1);
    if (!reservation) return { voucherUrn: null, skipped: `reservation ${reservationUrn} does not exist` };
    if (reservation.status !== "CONFIRMED") return { voucherUrn: null, skipped: `reservation ${reservationUrn} is ${reservation.status}` };
    const props = await voucherProps(tx, reservation);
    const voucher = await storeVoucher(tx, reservation, props);
    return { voucherUrn: voucher.urn, emails: await queueVoucherEmails(tx, reservation, props) };
  });
}
