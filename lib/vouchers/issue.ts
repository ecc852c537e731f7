import { and, eq } from "drizzle-orm";
import { reservations } from "@/db/schema";
import { transaction, type Ctx } from "@/lib/context";
import { emit } from "@/lib/events";
import { storeVoucher } from "./create";
import { voucherProps } from "./model";

export type Issued = { voucherUrn: string } | { voucherUrn: null; skipped: string };

/**
 * A confirmed reservation's voucher rendered and stored, in one transaction after the confirming
 * one (inngest/functions/issue-voucher.ts reacts to `reservation/confirmed`; a manual booking
 * calls it before it answers), with `voucher/issued` emitted in it: the messages that carry the
 * voucher are written by their subscriber once this commits (lib/messages/voucher.ts). Idempotent:
 * one voucher per reservation, one message per recipient and kind. A reservation no longer
 * CONFIRMED when this runs (cancelled meanwhile) gets none.
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
    const voucher = await storeVoucher(tx, reservation, await voucherProps(tx, reservation));
    await emit(tx, "voucher/issued", { tenant: reservation.tenant, caseUrn: reservation.caseUrn, reservationUrn: reservation.urn, voucherUrn: voucher.urn });
    return { voucherUrn: voucher.urn };
  });
}
