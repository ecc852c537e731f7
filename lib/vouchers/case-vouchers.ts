import { and, asc, eq, inArray } from "drizzle-orm";
import { reservations, vouchers } from "@/db/schema";
import { requirePermission } from "@/lib/auth/require";
import { CaseRef } from "@/lib/cases/inputs";
import { loadCase } from "@/lib/cases/load";
import type { Ctx } from "@/lib/context";
import { parseInput } from "@/lib/validation";
import type { ReservationStatus } from "@/lib/vocabulary";
import { currentVoucher } from "./rendition";

export const PRINTED: ReservationStatus[] = ["CONFIRMED", "CHECKED_OUT"];

export type CaseVouchers = { caseUrn: string; flightNumber: string; vouchers: { reservationUrn: string; groupId: string; html: string }[] };

/**
 * The stored vouchers of a case's CONFIRMED and CHECKED_OUT reservations (the stays the hotels
 * honour; a cancelled or failed one's voucher must not reach a guest), in the order they were
 * booked: for printing them all at once. Read like one voucher (getVoucher): the
 * `read` permission and the case's tenant and airport scope, and a CONFIRMED reservation whose
 * voucher job has not run yet printed as that job will store it (./rendition.ts), not left out.
 */
export async function caseVouchers({ ctx, input }: { ctx: Ctx; input: { caseUrn: string } }): Promise<CaseVouchers> {
  requirePermission(ctx, "read", "read vouchers");
  const { caseUrn } = parseInput(CaseRef, input);
  const row = await loadCase(ctx, caseUrn);
  const rows = await ctx.db
    .select({ reservation: reservations, html: vouchers.html })
    .from(reservations)
    .leftJoin(vouchers, eq(vouchers.reservationUrn, reservations.urn))
    .where(and(eq(reservations.tenant, ctx.principal.tenant), eq(reservations.caseUrn, row.urn), inArray(reservations.status, PRINTED)))
    .orderBy(asc(reservations.createdAt), asc(reservations.urn));
  const printed: CaseVouchers["vouchers"] = [];
  for (const { reservation, html } of rows) {
    // one at a time: only the few the voucher job has not reached yet are rendered here
    const body = html ?? (await currentVoucher(ctx.db, reservation))?.html;
    if (body !== undefined) printed.push({ reservationUrn: reservation.urn, groupId: reservation.groupId, html: body });
  }
  return { caseUrn: row.urn, flightNumber: row.flight.number, vouchers: printed };
}
