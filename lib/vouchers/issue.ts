import { and, eq, inArray } from "drizzle-orm";
import { reservations, type ReservationRow, vouchers } from "@/db/schema";
import { transaction, type Ctx } from "@/lib/context";
import { newUrn } from "@/lib/ids";
import { type Guest, voucherModels } from "./model";
import { renderVoucher, type Rendition } from "./render";
import type { VoucherProps } from "@/emails/voucher";

export type Issued = { voucherUrn: string } | { voucherUrn: null; skipped: string };

/** A stay whose voucher is stored, with what it was rendered from: its messages are written from the same (lib/messages/voucher.ts). */
export type IssuedStay = { reservation: ReservationRow; voucherUrn: string; props: Omit<VoucherProps, "passengerLink">; guests: Guest[]; rendition: Rendition };

/**
 * A confirmed reservation's voucher rendered and stored, in one transaction after the confirming
 * one: a manual booking calls it before it answers (the flow then finds it). The batch of one of
 * issueVouchers. A reservation no longer CONFIRMED when this runs (cancelled meanwhile) gets none.
 */
export async function issueVoucher(ctx: Ctx, stay: string | ReservationRow): Promise<Issued> {
  const { issued, skipped } = await issueVouchers(ctx, [stay]);
  return issued.length ? { voucherUrn: issued[0].voucherUrn } : { voucherUrn: null, skipped: skipped[0] };
}

/**
 * The vouchers of stays confirmed together (the passenger's flow's chunk,
 * inngest/functions/passenger-flow.ts, once their rides are decided: each rendered once with room,
 * ride and care), in one transaction: the stays read in one query (a row the caller read is not
 * read again), what they print read set-based (./model.ts), each rendered once, and all stored in
 * one insert. Idempotent: one voucher per reservation (unique reservation_urn, ON CONFLICT DO
 * NOTHING), so a replay stores nothing and answers the vouchers there. A stay not CONFIRMED
 * (cancelled meanwhile), or not the caller's tenant's, gets none and is named in `skipped`.
 */
export async function issueVouchers(ctx: Ctx, stays: readonly (string | ReservationRow)[]): Promise<{ issued: IssuedStay[]; skipped: string[] }> {
  return transaction(ctx, async (tx) => {
    const tenant = tx.principal.tenant;
    const wanted = stays.map((s) => (typeof s === "string" ? s : s.urn));
    const toRead = stays.filter((s): s is string => typeof s === "string");
    const read = toRead.length ? await tx.db.select().from(reservations).where(and(inArray(reservations.urn, toRead), eq(reservations.tenant, tenant))) : [];
    const rows = new Map([...stays.filter((s): s is ReservationRow => typeof s !== "string" && s.tenant === tenant), ...read].map((r) => [r.urn, r]));
    const skipped: string[] = [];
    const confirmed: ReservationRow[] = [];
    for (const urn of wanted) {
      const r = rows.get(urn);
      if (!r) skipped.push(`reservation ${urn} does not exist`);
      else if (r.status !== "CONFIRMED") skipped.push(`reservation ${urn} is ${r.status}`);
      else confirmed.push(r);
    }
    if (!confirmed.length) return { issued: [], skipped };
    const models = await voucherModels(tx, confirmed);
    const issued: Omit<IssuedStay, "voucherUrn">[] = [];
    for (const reservation of confirmed) {
      const { props, guests } = models.get(reservation.urn)!;
      issued.push({ reservation, props, guests, rendition: await renderVoucher({ ...props, passengerLink: null }) });
    }
    const urns = await storeVouchers(tx, issued);
    return { issued: issued.map((i) => ({ ...i, voucherUrn: urns.get(i.reservation.urn)! })), skipped };
  });
}

/** Stores rendered vouchers in one insert; a voucher already there (a replay, a concurrent run) wins and is answered. Reservation URN → voucher URN. */
export async function storeVouchers(ctx: Ctx, rendered: readonly Pick<IssuedStay, "reservation" | "props" | "rendition">[]): Promise<Map<string, string>> {
  if (!rendered.length) return new Map();
  const made = await ctx.db
    .insert(vouchers)
    .values(rendered.map(({ reservation, props, rendition }) => ({ urn: newUrn("voucher"), tenant: reservation.tenant, reservationUrn: reservation.urn, confirmationCode: props.confirmationCode, html: rendition.html, text: rendition.text })))
    .onConflictDoNothing({ target: vouchers.reservationUrn })
    .returning({ urn: vouchers.urn, reservationUrn: vouchers.reservationUrn });
  const out = new Map(made.map((v) => [v.reservationUrn, v.urn]));
  const there = rendered.map((r) => r.reservation.urn).filter((u) => !out.has(u));
  if (there.length) for (const v of await ctx.db.select({ urn: vouchers.urn, reservationUrn: vouchers.reservationUrn }).from(vouchers).where(inArray(vouchers.reservationUrn, there))) out.set(v.reservationUrn, v.urn);
  return out;
}
