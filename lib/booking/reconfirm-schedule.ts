import { and, asc, eq, ne } from "drizzle-orm";
import { cases, passengerGroups, reservationReconfirmations, reservations, type ReservationRow } from "@/db/schema";
import { requirePermission } from "@/lib/auth/require";
import { type Ctx, transaction } from "@/lib/context";
import { emit } from "@/lib/events";
import { newUrn } from "@/lib/ids";
import { DEFAULT_RECONFIRMATION, type ReconfirmationPolicy } from "@/lib/policies/hotel-word";
import { caseContext, matchPolicy } from "@/lib/policies/match";
import { expectedArrivals } from "@/lib/transport/expected-arrival";
import type { ReconfirmationMoment } from "@/lib/vocabulary";

const MINUTE = 60_000;

export type ScheduledReconfirmation = { urn: string; moment: ReconfirmationMoment; dueAt: string };

/**
 * The policy section that sets a reservation's re-confirmation moments: that of the ACTIVE policy
 * matching its case and its group's tier, as allocation and care read it; the defaults when none does.
 */
async function reconfirmationPolicy(ctx: Ctx, row: ReservationRow): Promise<ReconfirmationPolicy> {
  const [kase] = await ctx.db.select().from(cases).where(eq(cases.urn, row.caseUrn)).limit(1);
  const [group] = await ctx.db
    .select({ tier: passengerGroups.tier })
    .from(passengerGroups)
    .where(and(eq(passengerGroups.caseUrn, row.caseUrn), eq(passengerGroups.groupId, row.groupId)))
    .limit(1);
  if (!kase || !group?.tier) return DEFAULT_RECONFIRMATION;
  const policy = await matchPolicy(ctx, { ...caseContext(kase), tier: group.tier });
  return policy?.reconfirmation ?? DEFAULT_RECONFIRMATION;
}

/**
 * What BEFORE_ARRIVAL counts back from: the pickup of the ride from the airport that carries the
 * passengers (lib/transport/expected-arrival.ts), so a hotel that gave the rooms away is found
 * before the group boards; the reservation's check-in when no ride carries it.
 */
async function arrivalMoment(ctx: Ctx, row: ReservationRow): Promise<Date> {
  return (await expectedArrivals(ctx, [row.urn])).get(row.urn)?.pickupAt ?? row.checkIn;
}

function beforeArrival(arrival: Date, minutes: number): Date {
  return new Date(arrival.getTime() - minutes * MINUTE);
}

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

/**
 * The reservation's rides were planned or re-timed → its BEFORE_ARRIVAL re-confirmation follows the
 * new pickup, while still SCHEDULED (one already run stays as it ran). The policy's lead is read
 * again. A moved row emits `reservation/reconfirmation.scheduled`, which restarts the watch (the old
 * one is cancelled), so a pickup moved earlier is not looked up late. Returns the new due time, or
 * null when nothing moved.
 */
export async function retimeReconfirmation(ctx: Ctx, input: { reservationUrn: string }): Promise<string | null> {
  requirePermission(ctx, "booking:manual", "schedule a booking's re-confirmations");
  const [row] = await ctx.db
    .select()
    .from(reservations)
    .where(and(eq(reservations.urn, input.reservationUrn), eq(reservations.tenant, ctx.principal.tenant)))
    .limit(1);
  if (!row || row.status !== "CONFIRMED") return null;
  const policy = await reconfirmationPolicy(ctx, row);
  if (policy.beforeArrivalMinutes === null) return null;
  const dueAt = beforeArrival(await arrivalMoment(ctx, row), policy.beforeArrivalMinutes);
  return transaction(ctx, async (tx) => {
    // only a row still waiting moves; the same time is no change (a re-delivered event restarts nothing)
    const [moved] = await tx.db
      .update(reservationReconfirmations)
      .set({ dueAt })
      .where(
        and(
          eq(reservationReconfirmations.reservationUrn, row.urn),
          eq(reservationReconfirmations.moment, "BEFORE_ARRIVAL"),
          eq(reservationReconfirmations.status, "SCHEDULED"),
          ne(reservationReconfirmations.dueAt, dueAt),
        ),
      )
      .returning();
    if (!moved) return null;
    await emit(tx, "reservation/reconfirmation.scheduled", { tenant: row.tenant, caseUrn: row.caseUrn, reservationUrn: row.urn });
    return moved.dueAt.toISOString();
  });
}

/** The next re-confirmation of a reservation still waiting, earliest first: what the watch sleeps until. */
export async function nextReconfirmation(ctx: Ctx, reservationUrn: string): Promise<ScheduledReconfirmation | null> {
  const [next] = await ctx.db
    .select()
    .from(reservationReconfirmations)
    .where(and(eq(reservationReconfirmations.reservationUrn, reservationUrn), eq(reservationReconfirmations.tenant, ctx.principal.tenant), eq(reservationReconfirmations.status, "SCHEDULED")))
    .orderBy(asc(reservationReconfirmations.dueAt))
    .limit(1);
  return next ? { urn: next.urn, moment: next.moment, dueAt: next.dueAt.toISOString() } : null;
}
