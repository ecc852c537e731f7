import { and, eq, inArray } from "drizzle-orm";
import { reservationReconfirmations, reservations } from "@/db/schema";
import { requirePermission } from "@/lib/auth/require";
import { type Ctx, transaction } from "@/lib/context";
import { emit } from "@/lib/events";
import { newUrn } from "@/lib/ids";
import { expectedArrivals } from "@/lib/transport/expected-arrival";
import type { ReconfirmationMoment } from "@/lib/vocabulary";
import { beforeArrival, MINUTE, reconfirmationPolicies } from "./reconfirm-moments";

export type ScheduledReconfirmation = { urn: string; moment: ReconfirmationMoment; dueAt: string };

/**
 * A reservation became CONFIRMED → its re-confirmations at the moments its policy sets (walk
 * protection, docs/walk-protection.md): `afterBookingMinutes` after `confirmedAt`, `beforeArrivalMinutes`
 * before the expected arrival; a moment the policy sets to null gets no row. One row per (reservation,
 * moment): a repeated delivery finds the rows it made (ON CONFLICT DO NOTHING) and changes nothing. A
 * due time already past stays as it is: the watch runs it at once. New rows emit
 * `reservation/reconfirmation.scheduled`, which starts the watch (inngest/functions/reconfirm-reservation.ts).
 */
export async function scheduleReconfirmations(ctx: Ctx, input: { reservationUrn: string; confirmedAt: Date }): Promise<ScheduledReconfirmation[]> {
  return (await scheduleReconfirmationsOf(ctx, { reservationUrns: [input.reservationUrn], confirmedAt: input.confirmedAt })).get(input.reservationUrn) ?? [];
}

/**
 * scheduleReconfirmations for the stays a wave's chunk confirmed together: the stays, their policies
 * and their expected arrivals read once for all, every row written in one insert and the watches
 * started in one outbox insert. By reservation URN, the rows this call made (none: a stay not
 * CONFIRMED, walked, with no moment, or whose rows exist already, which the caller may re-time).
 */
export async function scheduleReconfirmationsOf(ctx: Ctx, input: { reservationUrns: string[]; confirmedAt: Date }): Promise<Map<string, ScheduledReconfirmation[]>> {
  requirePermission(ctx, "booking:manual", "schedule a booking's re-confirmations");
  const out = new Map<string, ScheduledReconfirmation[]>();
  if (!input.reservationUrns.length) return out;
  const rows = (
    await ctx.db
      .select()
      .from(reservations)
      .where(and(inArray(reservations.urn, input.reservationUrns), eq(reservations.tenant, ctx.principal.tenant)))
  ).filter((r) => r.status === "CONFIRMED" && !r.walkedAt);
  if (!rows.length) return out;
  const policies = await reconfirmationPolicies(ctx, rows);
  const arrivals = await expectedArrivals(ctx, rows.map((r) => r.urn));
  const wanted = rows.flatMap((row) => {
    const policy = policies.get(row.urn)!;
    const moments: { row: typeof row; moment: ReconfirmationMoment; dueAt: Date }[] = [];
    if (policy.afterBookingMinutes !== null) moments.push({ row, moment: "AFTER_BOOKING", dueAt: new Date(input.confirmedAt.getTime() + policy.afterBookingMinutes * MINUTE) });
    if (policy.beforeArrivalMinutes !== null) moments.push({ row, moment: "BEFORE_ARRIVAL", dueAt: beforeArrival(arrivals.get(row.urn)?.pickupAt ?? row.checkIn, policy.beforeArrivalMinutes) });
    return moments;
  });
  if (!wanted.length) return out;
  const byUrn = new Map(rows.map((r) => [r.urn, r]));
  return transaction(ctx, async (tx) => {
    const made = await tx.db
      .insert(reservationReconfirmations)
      .values(wanted.map((w) => ({ urn: newUrn("reconfirmation"), tenant: w.row.tenant, reservationUrn: w.row.urn, moment: w.moment, dueAt: w.dueAt })))
      .onConflictDoNothing({ target: [reservationReconfirmations.reservationUrn, reservationReconfirmations.moment] })
      .returning();
    for (const r of made) out.set(r.reservationUrn, [...(out.get(r.reservationUrn) ?? []), { urn: r.urn, moment: r.moment, dueAt: r.dueAt.toISOString() }]);
    for (const urn of out.keys()) {
      const row = byUrn.get(urn)!;
      await emit(tx, "reservation/reconfirmation.scheduled", { tenant: row.tenant, caseUrn: row.caseUrn, reservationUrn: row.urn });
    }
    return out;
  });
}
