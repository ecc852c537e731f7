import { and, asc, eq, inArray } from "drizzle-orm";
import { cases, reservationReconfirmations, reservations, vouchers, type CaseRow, type ReconfirmationRow, type ReservationRow } from "@/db/schema";
import { assertAirport } from "@/lib/auth/scope";
import { isFeedOnly } from "@/lib/cases/load";
import type { Ctx } from "@/lib/context";
import { notFound } from "@/lib/errors";
import { providerSettings } from "@/lib/config";
import type { Provider } from "@/lib/vocabulary";
import type { Reservation } from "./schemas";
import { toReservation } from "./to-record";

/**
 * A reservation the caller may see, with its case: another tenant's (or, for a FEED client, one of
 * a case it did not create) is a 404; an airport outside the claims is 403 OUT_OF_SCOPE.
 */
export async function loadReservation(ctx: Ctx, urn: string, { forUpdate = false } = {}): Promise<{ row: ReservationRow; caseRow: CaseRow }> {
  const q = ctx.db.select().from(reservations).where(and(eq(reservations.urn, urn), eq(reservations.tenant, ctx.principal.tenant))).limit(1);
  const [row] = forUpdate ? await q.for("update") : await q;
  if (!row) throw notFound(`Reservation ${urn}`);
  const [caseRow] = await ctx.db.select().from(cases).where(eq(cases.urn, row.caseUrn)).limit(1);
  if (!caseRow || (isFeedOnly(ctx) && caseRow.createdBy !== ctx.principal.sub)) throw notFound(`Reservation ${urn}`);
  assertAirport(ctx.principal, caseRow.airport);
  return { row, caseRow };
}

/** Whether the provider can cancel through its API: Expedia Rapid only on its enterprise tier. */
export function canCancel(provider: Provider): boolean {
  return provider !== "EXPEDIA_RAPID" || providerSettings().expedia.tier === "ENTERPRISE";
}

/** Records of rows, with their vouchers' URNs in one query and their re-confirmations in another. */
export async function recordsOf(ctx: Ctx, rows: { row: ReservationRow; airport: string }[]): Promise<Reservation[]> {
  const urns = rows.map((r) => r.row.urn);
  const vs = urns.length ? await ctx.db.select({ urn: vouchers.urn, reservationUrn: vouchers.reservationUrn }).from(vouchers).where(inArray(vouchers.reservationUrn, urns)) : [];
  const byReservation = new Map(vs.map((v) => [v.reservationUrn, v.urn]));
  // served by the (reservation_urn, moment) unique index
  const rcs = urns.length
    ? await ctx.db.select().from(reservationReconfirmations).where(inArray(reservationReconfirmations.reservationUrn, urns)).orderBy(asc(reservationReconfirmations.dueAt), asc(reservationReconfirmations.moment))
    : [];
  const reconfirmations = new Map<string, ReconfirmationRow[]>();
  for (const r of rcs) reconfirmations.set(r.reservationUrn, [...(reconfirmations.get(r.reservationUrn) ?? []), r]);
  return rows.map(({ row, airport }) =>
    toReservation(row, { airport, voucherUrn: byReservation.get(row.urn) ?? null, cancellable: canCancel(row.provider), reconfirmations: reconfirmations.get(row.urn) ?? [] }),
  );
}
