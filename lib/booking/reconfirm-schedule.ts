import { and, eq } from "drizzle-orm";
import { reservationReconfirmations, reservations } from "@/db/schema";
import { requirePermission } from "@/lib/auth/require";
import { type Ctx, transaction } from "@/lib/context";
import { emit } from "@/lib/events";
import { newUrn } from "@/lib/ids";
import type { ReconfirmationMoment } from "@/lib/vocabulary";
import { arrivalMoment, beforeArrival, MINUTE, reconfirmationPolicy } from "./reconfirm-moments";

export type ScheduledReconfirmation = { urn: string; moment: ReconfirmationMoment; dueAt: string };

/**
 * A reservation became CONFIRMED → its re-confirmations at the moments its policy sets (walk
 * protection, issue 22): `afterBookingMinutes` after `confirmedAt`, `beforeArrivalMinutes` before the
 * expected arrival; a moment the policy sets to null gets no row. One row per (reservation, moment):
 * a repeated delivery finds the rows it made (ON CONFLICT DO NOTHING) and changes nothing. A due time
 * already past stays as it is: the watch runs it at once. New rows emit
 * `reservation/reconfirmation.scheduled`, which starts the watch (inngest/functions/reconfirm-reservation.ts).
 */
export async function scheduleReconfirmations(ctx: Ctx, input: { reservationUrn: string; confirmedAt: Date }): Promise<ScheduledReconfirmation[]> {
  requirePermission(ctx, "booking:manual", "schedule a booking's re-confirmations");
  const [row] = await ctx.db
    .select()
    .from(reservations)
    .where(and(eq(reservations.urn, input.reservationUrn), eq(reservations.tenant, ctx.principal.tenant)))
    .limit(1);
  if (!row || row.status !== "CONFIRMED" || row.walkedAt) return [];
  const policy = await reconfirmationPolicy(ctx, row);
  const wanted: { moment: ReconfirmationMoment; dueAt: Date }[] = [];
  if (policy.afterBookingMinutes !== null) wanted.push({ moment: "AFTER_BOOKING", dueAt: new Date(input.confirmedAt.getTime() + policy.afterBookingMinutes * MINUTE) });
  if (policy.beforeArrivalMinutes !== null) wanted.push({ moment: "BEFORE_ARRIVAL", dueAt: beforeArrival(await arrivalMoment(ctx, row), policy.beforeArrivalMinutes) });
  if (wanted.length === 0) return [];
  return transaction(ctx, async (tx) => {
    const made = await tx.db
      .insert(reservationReconfirmations)
      .values(wanted.map((w) => ({ urn: newUrn("reconfirmation"), tenant: row.tenant, reservationUrn: row.urn, moment: w.moment, dueAt: w.dueAt })))
      .onConflictDoNothing({ target: [reservationReconfirmations.reservationUrn, reservationReconfirmations.moment] })
      .returning();
    if (made.length) await emit(tx, "reservation/reconfirmation.scheduled", { tenant: row.tenant, caseUrn: row.caseUrn, reservationUrn: row.urn });
    return made.map((r) => ({ urn: r.urn, moment: r.moment, dueAt: r.dueAt.toISOString() }));
  });
}
