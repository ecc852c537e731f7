import { and, eq, sql } from "drizzle-orm";
import { cases, reservationReconfirmations, reservations, type ReconfirmationRow, type ReservationRow } from "@/db/schema";
import { writeAudit } from "@/lib/audit/write";
import { airportTimeZone } from "@/lib/cases/airports";
import { localDate } from "@/lib/cases/stay";
import { requirePermission } from "@/lib/auth/require";
import { type Ctx, transaction } from "@/lib/context";
import { caseSystems } from "@/lib/peers/case-systems";
import { directProvider } from "@/lib/providers/direct/client";
import { ProviderError } from "@/lib/providers/errors";
import type { ProviderBooking } from "@/lib/providers/types";
import type { ReconfirmationStatus, WalkReason } from "@/lib/vocabulary";
import { RECONFIRM_LOOKUPS, reconfirmWaitSeconds } from "./reconfirm-retry";
import { walkReservation } from "./walk";
import { releasePartialHold } from "./walk-release";

/**
 * What one look-up made of a re-confirmation: its final status, RETRY (the look-up failed; ask
 * again after `waitSeconds`), or DONE (it had already left SCHEDULED: another run did it).
 */
export type ReconfirmOutcome =
  | { status: Exclude<ReconfirmationStatus, "SCHEDULED">; detail: string }
  | { status: "RETRY"; attempts: number; waitSeconds: number; detail: string }
  | { status: "DONE"; detail: string };

/** What the provider's answer says: held, or a walk and why. */
type Verdict = { held: true; providerStatus: string } | { held: false; reason: WalkReason; providerStatus: string; detail: string; partial?: true };

/** Our nights as the hotel's calendar dates (the reservation keeps instants, the provider dates). */
export type BookedNights = { checkIn: string; checkOut: string };

function verdictOf(row: ReservationRow, nights: BookedNights, booking: ProviderBooking): Verdict {
  if (booking.status === "CANCELLED") {
    const reason = booking.cancelledBecause ?? "CANCELLED_BY_HOTEL";
    return { held: false, reason, providerStatus: `CANCELLED${booking.cancelledBecause ? ` (${booking.cancelledBecause})` : ""}`, detail: `${booking.provider} answered the booking ${booking.reference} CANCELLED${booking.cancelledBecause ? `: ${booking.cancelledBecause}` : ""}` };
  }
  // fewer rooms than booked: the hotel sold the others (the group cannot be split at the desk)
  if (booking.rooms < row.rooms) {
    return { held: false, partial: true, reason: "OVERBOOKED", providerStatus: `CONFIRMED (${booking.rooms} of ${row.rooms} rooms)`, detail: `${booking.provider} holds ${booking.rooms} of the ${row.rooms} rooms booked under ${booking.reference}` };
  }
  // nights the provider no longer holds (a longer stay there is no loss): the hotel gave them away
  if (booking.checkIn > nights.checkIn || booking.checkOut < nights.checkOut) {
    return {
      held: false,
      partial: true,
      reason: "OVERBOOKED",
      providerStatus: `CONFIRMED (${booking.checkIn} to ${booking.checkOut})`,
      detail: `${booking.provider} holds ${booking.reference} from ${booking.checkIn} to ${booking.checkOut}, not ${nights.checkIn} to ${nights.checkOut}`,
    };
  }
  return { held: true, providerStatus: booking.status };
}

/** A 404 from the look-up: the provider holds no booking under that reference. */
function notFound(err: unknown): err is ProviderError {
  return err instanceof ProviderError && err.kind === "REJECTED" && err.status === 404;
}

async function lookUp(ctx: Ctx, row: ReservationRow): Promise<ProviderBooking> {
  if (row.provider === "DIRECT") return directProvider(ctx).status(row.providerRef ?? "");
  const provider = (await (await caseSystems(ctx, row.caseUrn)).hotels()).find((s) => s.id === row.provider);
  if (!provider) throw new ProviderError(row.provider, "UNAVAILABLE", "no URL configured for this provider");
  return provider.status(row.providerRef ?? "");
}

/**
 * One re-confirmation at its due time (walk protection, issue 22): the booking is looked up at its
 * provider by reference.
 * - Held (CONFIRMED with the rooms and nights booked) → HELD, the provider's status kept.
 * - Cancelled, overbooked (fewer rooms or nights held), the guarantee refused, or unknown (404) → WALKED, and the reservation is
 *   walked (lib/booking/walk.ts) in the same transaction: CANCELLED with its reason, `reservation/walked`. A booking the
 *   provider still holds in part (fewer rooms or nights) is first cancelled there (lib/booking/walk-release.ts), so the
 *   airline does not pay for it and the rehoused stay; a cancel that cannot be made is said in the walk's detail.
 * - The look-up failed (5xx, 429, a timeout, any other refusal) → RETRY until RECONFIRM_LOOKUPS
 *   look-ups failed, then ERROR with the last error and an audit entry saying so; nobody is walked.
 * - The reservation no longer CONFIRMED (cancelled, walked, checked out) → SKIPPED, with no look-up.
 * The row leaves SCHEDULED once (`WHERE status = 'SCHEDULED'`): a duplicate or concurrent run finds
 * it gone and does nothing twice (DONE), and walkReservation walks once whatever races it.
 * Every final outcome is audited on the reservation (action `reconfirm`).
 */
export async function reconfirmReservation(ctx: Ctx, input: { reconfirmationUrn: string }): Promise<ReconfirmOutcome> {
  requirePermission(ctx, "reservation:cancel", "re-confirm a booking");
  const [rc] = await ctx.db
    .select()
    .from(reservationReconfirmations)
    .where(and(eq(reservationReconfirmations.urn, input.reconfirmationUrn), eq(reservationReconfirmations.tenant, ctx.principal.tenant)))
    .limit(1);
  if (!rc || rc.status !== "SCHEDULED") return { status: "DONE", detail: `the re-confirmation is ${rc?.status ?? "missing"}` };
  const [row] = await ctx.db.select().from(reservations).where(eq(reservations.urn, rc.reservationUrn)).limit(1);
  if (!row || row.status !== "CONFIRMED" || row.walkedAt) {
    return finish(ctx, rc, { status: "SKIPPED", detail: `the reservation is ${row?.walkedAt ? "walked" : (row?.status ?? "missing")}: nothing to look up` });
  }

  const [kase] = await ctx.db.select({ airport: cases.airport }).from(cases).where(eq(cases.urn, row.caseUrn)).limit(1);
  const timeZone = await airportTimeZone(ctx, kase?.airport ?? "");
  const nights = { checkIn: localDate(row.checkIn, timeZone), checkOut: localDate(row.checkOut, timeZone) };
  let verdict: Verdict;
  try {
    verdict = verdictOf(row, nights, await lookUp(ctx, row));
  } catch (err) {
    if (notFound(err)) {
      verdict = { held: false, reason: "NOT_FOUND", providerStatus: "NOT_FOUND", detail: `${row.provider} holds no booking ${row.providerRef ?? ""}: ${err.message}` };
    } else if (err instanceof ProviderError) {
      return failed(ctx, rc, `${err.status ?? "-"} ${err.message}`.slice(0, 500));
    } else {
      throw err; // ours, not the provider's: the job's step retries
    }
  }
  if (verdict.held) return finish(ctx, rc, { status: "HELD", detail: `${row.provider} holds the booking ${row.providerRef ?? ""}`, providerStatus: verdict.providerStatus });
  const { reason, providerStatus } = verdict;
  // what the provider still holds is cancelled there first (lib/booking/walk-release.ts); the walk's detail says how that went
  const detail = verdict.partial ? `${verdict.detail}; ${await releasePartialHold(ctx, row, `walked: ${verdict.detail}`.slice(0, 500))}` : verdict.detail;
  return finish(ctx, rc, { status: "WALKED", detail: `${reason}: ${detail}`, providerStatus }, async (tx) => (await walkReservation(tx, { reservationUrn: row.urn, reason, detail })) !== null);
}

/**
 * Moves the row from SCHEDULED to its outcome and audits it, with `also` (the walk) in the same
 * transaction; DONE when another run moved it first. A walk that finds the reservation changed
 * since the look-up (cancelled, or declined in the extranet meanwhile) leaves the row SKIPPED.
 */
async function finish(
  ctx: Ctx,
  rc: ReconfirmationRow,
  out: { status: "HELD" | "WALKED" | "SKIPPED" | "ERROR"; detail: string; providerStatus?: string; lastError?: string },
  also?: (tx: Ctx) => Promise<boolean>,
): Promise<ReconfirmOutcome> {
  return transaction(ctx, async (tx) => {
    const looked = out.status !== "SKIPPED";
    // the race this guards: twenty deliveries of one re-confirmation; one moves it, the rest find it gone
    const [moved] = await tx.db
      .update(reservationReconfirmations)
      .set({
        status: out.status,
        checkedAt: new Date(),
        ...(looked && out.status !== "ERROR" ? { attempts: sql`${reservationReconfirmations.attempts} + 1` } : {}),
        ...(out.providerStatus !== undefined ? { providerStatus: out.providerStatus } : {}),
        ...(out.lastError !== undefined ? { lastError: out.lastError } : {}),
      })
      .where(and(eq(reservationReconfirmations.urn, rc.urn), eq(reservationReconfirmations.status, "SCHEDULED")))
      .returning();
    if (!moved) return { status: "DONE" as const, detail: "another run re-confirmed it" };
    if (also && !(await also(tx))) {
      out = { ...out, status: "SKIPPED", detail: `${out.detail}; the reservation was no longer CONFIRMED (walked or cancelled meanwhile)` };
      await tx.db.update(reservationReconfirmations).set({ status: "SKIPPED" }).where(eq(reservationReconfirmations.urn, rc.urn));
    }
    const [kase] = await tx.db.select({ airport: cases.airport }).from(cases).innerJoin(reservations, eq(reservations.caseUrn, cases.urn)).where(eq(reservations.urn, rc.reservationUrn)).limit(1);
    await writeAudit(tx, {
      entity: "reservation",
      entityUrn: rc.reservationUrn,
      action: "reconfirm",
      airport: kase?.airport,
      reason: out.status === "ERROR" ? `the booking could not be re-confirmed (${rc.moment}): ${out.detail}` : `re-confirmation ${rc.moment}: ${out.status}: ${out.detail}`,
      after: { reconfirmation: rc.urn, moment: rc.moment, status: out.status, attempts: moved.attempts, providerStatus: moved.providerStatus, lastError: moved.lastError },
    });
    return { status: out.status, detail: out.detail };
  });
}

/** A failed look-up: counted; RETRY while look-ups remain, ERROR after the last. */
async function failed(ctx: Ctx, rc: ReconfirmationRow, error: string): Promise<ReconfirmOutcome> {
  const [counted] = await ctx.db
    .update(reservationReconfirmations)
    .set({ attempts: sql`${reservationReconfirmations.attempts} + 1`, lastError: error, providerStatus: "ERROR", checkedAt: new Date() })
    .where(and(eq(reservationReconfirmations.urn, rc.urn), eq(reservationReconfirmations.status, "SCHEDULED")))
    .returning();
  if (!counted) return { status: "DONE", detail: "another run re-confirmed it" };
  if (counted.attempts < RECONFIRM_LOOKUPS) return { status: "RETRY", attempts: counted.attempts, waitSeconds: reconfirmWaitSeconds(counted.attempts), detail: error };
  return finish(ctx, counted, { status: "ERROR", detail: `${counted.attempts} look-ups failed, the last: ${error}`, lastError: error });
}
