import { transaction, type Ctx } from "@/lib/context";
import { DomainError } from "@/lib/errors";
import { enqueueVoucherEmails } from "@/lib/notifications/enqueue";
import { createVoucher } from "./create";

export type Issued = { voucherUrn: string; emails: number } | { voucherUrn: null; skipped: string };

/**
 * A confirmed reservation's voucher rendered and stored, and its voucher emails queued, in one
 * transaction after the confirming one (inngest/functions/issue-voucher.ts reacts to
 * `reservation/confirmed`; a manual booking calls it before it answers). Idempotent: one voucher
 * per reservation, one email per recipient and kind. A reservation no longer CONFIRMED when this
 * runs (cancelled meanwhile) gets none.
 */
export async function issueVoucher(ctx: Ctx, reservationUrn: string): Promise<Issued> {
  return transaction(ctx, async (tx) => {
    try {
      const voucher = await createVoucher(tx, reservationUrn);
      return { voucherUrn: voucher.urn, emails: await enqueueVoucherEmails(tx, reservationUrn) };
    } catch (err) {
      // createVoucher refuses before it writes anything: the transaction is still good
      if (err instanceof DomainError && err.status === 409) return { voucherUrn: null, skipped: err.message };
      throw err;
    }
  });
}
