import { and, eq } from "drizzle-orm";
import { reservations } from "@/db/schema";
import { requirePermission } from "@/lib/auth/require";
import { loadCase } from "@/lib/cases/load";
import type { Ctx } from "@/lib/context";
import { notFound } from "@/lib/errors";
import { currentVoucher, type VoucherRendition } from "./rendition";

export type VoucherFormat = "html" | "text";

/**
 * GET …/voucher/{html,text}: the stored rendition, byte for byte as it was rendered at booking, for
 * anyone who may read the reservation's case (another tenant's, or a FEED client's case it did not
 * create: 404; an airport outside the caller's: 403). A CONFIRMED reservation whose voucher is not
 * stored yet answers it rendered on demand, the bytes the voucher job will store (./rendition.ts);
 * a reservation without a voucher that is not CONFIRMED is a 404 naming the voucher.
 */
export async function getVoucher({ ctx, input }: { ctx: Ctx; input: { reservationUrn: string; format: VoucherFormat } }): Promise<string> {
  requirePermission(ctx, "read", "read vouchers");
  const voucher = await readableVoucher(ctx, input.reservationUrn);
  return input.format === "html" ? voucher.html : voucher.text;
}

export async function readableVoucher(ctx: Ctx, reservationUrn: string): Promise<VoucherRendition> {
  const [reservation] = await ctx.db
    .select()
    .from(reservations)
    .where(and(eq(reservations.urn, reservationUrn), eq(reservations.tenant, ctx.principal.tenant)))
    .limit(1);
  if (!reservation) throw notFound(`Reservation ${reservationUrn}`);
  await loadCase(ctx, reservation.caseUrn);
  const voucher = await currentVoucher(ctx.db, reservation);
  if (!voucher) throw notFound(`The voucher of reservation ${reservationUrn}`);
  return voucher;
}

/** The rendition as an HTTP response: its own content type, never cached by shared caches. */
export function voucherResponse(body: string, format: VoucherFormat): Response {
  return new Response(body, {
    status: 200,
    headers: {
      "content-type": format === "html" ? "text/html; charset=utf-8" : "text/plain; charset=utf-8",
      "cache-control": "private, no-store",
      "x-content-type-options": "nosniff",
    },
  });
}
