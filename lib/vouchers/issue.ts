import { and, eq } from "drizzle-orm";
import { reservations, type ReservationRow } from "@/db/schema";
import { transaction, type Ctx } from "@/lib/context";
import { storeVoucher } from "./create";
import { voucherPropsOnce } from "./model";

export type Issued = { voucherUrn: string } | { voucherUrn: null; skipped: string };

/**
 * A confirmed reservation's voucher rendered and stored, in one transaction after the confirming
 * one: by the passenger's flow (inngest/functions/passenger-flow.ts) once the ride is decided, so
 * it is rendered once with room, ride and care, and its messages are written by the flow's next
 * step; a manual booking calls it before it answers (the flow then finds it). Idempotent: one
 * voucher per reservation. A reservation no longer CONFIRMED when this runs (cancelled meanwhile)
 * gets none.
 */
export async function issueVoucher(ctx: Ctx, stay: string | ReservationRow): Promise<Issued> {
  const reservationUrn = typeof stay === "string" ? stay : stay.urn;
  return transaction(ctx, async (tx) => {
    // a row the caller read in this transaction is not read again
    const [reservation] =
      typeof stay === "string"
        ? await tx.db
            .select()
            .from(reservations)
            .where(and(eq(reservations.urn, reservationUrn), eq(reservations.tenant, tx.principal.tenant)))
            .limit(1)
        : [stay].filter((r) => r.tenant === tx.principal.tenant);
    if (!reservation) return { voucherUrn: null, skipped: `reservation ${reservationUrn} does not exist` };
    if (reservation.status !== "CONFIRMED") return { voucherUrn: null, skipped: `reservation ${reservationUrn} is ${reservation.status}` };
    const voucher = await storeVoucher(tx, reservation, await voucherPropsOnce(tx, reservation));
    return { voucherUrn: voucher.urn };
  });
}
