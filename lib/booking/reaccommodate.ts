import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { reservations, type ReservationRow } from "@/db/schema";
import { writeAudit } from "@/lib/audit/write";
import { airportTimeZone } from "@/lib/cases/airports";
import { loadCase, touchCase } from "@/lib/cases/load";
import { computeStay, localDate } from "@/lib/cases/stay";
import { type Ctx, transaction } from "@/lib/context";
import { DomainError } from "@/lib/errors";
import { caseSystems } from "@/lib/peers/case-systems";
import { emit } from "@/lib/events";
import { directProvider } from "@/lib/providers/direct/client";
import { CapabilityUnsupported, ProviderRejected } from "@/lib/providers/errors";
import type { ProviderBooking } from "@/lib/providers/types";
import { refreshVoucher } from "@/lib/vouchers/refresh";
import { cancelReservation } from "./cancel";
import { LIVE_STATUSES } from "./live";
import { canCancel } from "./load";
import { localTimeToUtc } from "@/lib/time-zones";
import { addDays, CHECK_OUT_TIME } from "./stay";
import { releaseStay } from "./stay-change-finish";
import { openStayReview, type StayChangeResult, stayReview as review } from "./stay-review";

export type { StayOutcome } from "./stay-review";
export type StayChange = StayChangeResult;

/**
 * The case's CONFIRMED reservations, in a stable order: what a re-accommodation may have to change.
 * Later stays first, so a continuation the next flight no longer needs is released before the stay
 * it continued is looked at (that one is then free to be shortened).
 */
export async function confirmedReservationsOf(ctx: Ctx, caseUrn: string): Promise<string[]> {
  const rows = await ctx.db
    .select({ urn: reservations.urn })
    .from(reservations)
    .where(and(eq(reservations.caseUrn, caseUrn), eq(reservations.tenant, ctx.principal.tenant), eq(reservations.status, "CONFIRMED")))
    .orderBy(desc(reservations.checkIn), reservations.urn);
  return rows.map((r) => r.urn);
}

/**
 * One CONFIRMED reservation follows its case's current next flight (spec 4.1 reaccommodate). The
 * wanted stay keeps the check-in and ends on the next flight's local day at the hotel's check-out
 * time, as the booking plans it (lib/booking/plan.ts); a stay that already ends there is left alone,
 * so repeating a patch changes nothing. Otherwise:
 * - the provider modifies stays (HOTELBEDS, DIRECT, Expedia's enterprise tier): the stay is extended
 *   or shortened there, then the reservation's checkOut and total follow, audited `reaccommodate`;
 * - it cannot (Expedia's self-service tier), or refuses, and the stay must grow: REBOOK, and the
 *   job books the missing nights as a continuation at the same hotel, else the whole stay at the
 *   next-ranked hotel (lib/booking/stay-change-*.ts); a stay that must shrink there is a review item;
 * - a stay with a live continuation or replacement is followed through that one: the chain's first
 *   check-in fixes the wanted check-out; a continuation no longer needed is released;
 * - no overnight gap remains: the reservation is cancelled where the provider can (passengers
 *   LOCAL_RESIDENT, rooms released; its rides go with reservation/cancelled), else a review item.
 * Reads the case as it is now, not the event that woke the caller: runs for two quick patches both
 * converge on the last one.
 */
export async function reaccommodateReservation(ctx: Ctx, input: { reservationUrn: string }): Promise<StayChange> {
  const urn = input.reservationUrn;
  const [row] = await ctx.db.select().from(reservations).where(and(eq(reservations.urn, urn), eq(reservations.tenant, ctx.principal.tenant))).limit(1);
  if (!row || row.status !== "CONFIRMED") return { reservationUrn: urn, outcome: "SKIPPED", detail: `the reservation is ${row?.status ?? "missing"}` };
  const caseRow = await loadCase(ctx, row.caseUrn);
  if (caseRow.status === "CLOSED") return { reservationUrn: urn, outcome: "SKIPPED", detail: "the case is closed" };
  if (!caseRow.nextFlight) return { reservationUrn: urn, outcome: "SKIPPED", detail: "the case has no next flight" };
  const timeZone = await airportTimeZone(ctx, caseRow.airport);
  const stay = computeStay(caseRow.flight, caseRow.nextFlight, timeZone)!;
  const flight = `${caseRow.nextFlight.number} at ${caseRow.nextFlight.scheduledDeparture}`;

  if (!stay.overnight) return release(ctx, row, flight);

  const [successor] = await ctx.db
    .select({ urn: reservations.urn, status: reservations.status, stayChange: reservations.stayChange })
    .from(reservations)
    .where(and(eq(reservations.previousUrn, row.urn), inArray(reservations.status, [...LIVE_STATUSES])))
    .limit(1);
  const checkIn = localDate(row.checkIn, timeZone);
  const first = localDate((await chainStart(ctx, row)).checkIn, timeZone);
  const checkOut = addDays(first, Math.max(1, dayNumber(localDate(caseRow.nextFlight.scheduledDeparture, timeZone)) - dayNumber(first)));
  const checkOutAt = localTimeToUtc(checkOut, CHECK_OUT_TIME, timeZone);
  const grows = checkOutAt.getTime() > row.checkOut.getTime();
  // an earlier run's re-booking that did not finish: the job takes it over (same client references)
  if (successor?.status === "PENDING") return { reservationUrn: urn, outcome: "REBOOK", detail: `re-booking ${successor.urn} resumed`, checkOut };
  if (successor) return { reservationUrn: urn, outcome: "UNCHANGED", detail: `the stay goes on in ${successor.urn} (${successor.stayChange})` };
  if (row.stayChange === "CONTINUATION" && checkOut <= checkIn) {
    return releaseStay(ctx, { reservationUrn: urn, reason: `the next flight moved to ${flight}: the nights from ${checkIn} are no longer needed` });
  }
  if (checkOutAt.getTime() === row.checkOut.getTime()) return { reservationUrn: urn, outcome: "UNCHANGED", detail: `the stay already ends ${checkOut}` };

  // a drill's stay is changed at its sandboxes, never at the configured providers
  const provider = (await (await caseSystems(ctx, caseRow)).hotels()).find((s) => s.id === row.provider) ?? null;
  const before = { checkIn: row.checkIn.toISOString(), checkOut: row.checkOut.toISOString(), total: row.total };
  // no hotel took this very change before and a person has it: the same patch again changes nothing
  const withPerson = grows ? await openStayReview(ctx, row, `stay-change:${checkOut}`) : null;
  if (withPerson) return { reservationUrn: urn, outcome: "REVIEW", detail: `review item ${withPerson} is open for this change` };
  const rebook = { reservationUrn: urn, outcome: "REBOOK" as const, detail: `${row.provider} cannot extend the stay to ${checkOut}: re-booking the missing nights`, checkOut };
  if (!provider?.capabilities.modify) {
    if (grows) return rebook;
    return review(ctx, row, `stay-change:${checkOut}`, `Reservation ${row.urn} (${row.provider}, confirmation ${row.confirmationCode ?? "none"}) must end ${checkOut} instead of ${localDate(row.checkOut, timeZone)}: the next flight moved to ${flight} and ${row.provider} cannot change a stay through its API here. Change it at the hotel (or the provider's enterprise tier), then record it. The group keeps its room meanwhile. [stay-change:${checkOut}]`);
  }

  let booking: ProviderBooking | null = null;
  try {
    if (row.provider !== "DIRECT") booking = await provider.modify({ reference: row.providerRef ?? "", checkIn, checkOut });
  } catch (err) {
    if (err instanceof ProviderRejected || err instanceof CapabilityUnsupported) {
      if (grows) return rebook;
      return review(ctx, row, `stay-change:${checkOut}`, `${row.provider} refused to move reservation ${row.urn} to end ${checkOut} (${err.message}): the next flight moved to ${flight}. The group keeps its current stay until ${localDate(row.checkOut, timeZone)}; change it at the hotel or rebook. [stay-change:${checkOut}]`);
    }
    throw err; // unreachable or slow: the job's step retries with the same dates
  }

  return transaction(ctx, async (tx) => {
    await loadCase(tx, row.caseUrn, { forUpdate: true });
    const [current] = await tx.db.select().from(reservations).where(eq(reservations.urn, urn)).limit(1).for("update");
    if (current.status !== "CONFIRMED") return { reservationUrn: urn, outcome: "SKIPPED" as const, detail: `the reservation is ${current.status}` };
    if (current.checkOut.getTime() === checkOutAt.getTime()) return { reservationUrn: urn, outcome: "UNCHANGED" as const, detail: `the stay already ends ${checkOut}` };
    if (row.provider === "DIRECT") {
      try {
        booking = await directProvider(tx).modify({ reference: current.providerRef ?? "", checkIn, checkOut });
      } catch (err) {
        if (err instanceof ProviderRejected) throw new StayRefused(err.message);
        throw err;
      }
    }
    const total = booking && booking.currency === current.total.currency && booking.totalAmount > 0 ? { amount: booking.totalAmount, currency: booking.currency } : proRata(current, checkOutAt);
    // a new version of the stay: the passengers are told once per version (reservation/changed)
    const [after] = await tx.db.update(reservations).set({ checkOut: checkOutAt, total, stayVersion: sql`${reservations.stayVersion} + 1` }).where(eq(reservations.urn, urn)).returning();
    await writeAudit(tx, {
      entity: "reservation",
      entityUrn: urn,
      action: "reaccommodate",
      airport: caseRow.airport,
      reason: `next flight moved to ${flight}`,
      before,
      after: { checkIn: after.checkIn.toISOString(), checkOut: after.checkOut.toISOString(), total: after.total },
    });
    await touchCase(tx, row.caseUrn);
    await refreshVoucher(tx, urn);
    await emit(tx, "reservation/changed", { tenant: tx.principal.tenant, caseUrn: row.caseUrn, reservationUrn: urn, version: after.stayVersion });
    return { reservationUrn: urn, outcome: "MODIFIED" as const, detail: `the stay now ends ${checkOut}` };
  }).catch(async (err) => {
    if (err instanceof StayRefused) {
      if (grows) return rebook;
      return review(ctx, row, `stay-change:${checkOut}`, `DIRECT refused to move reservation ${row.urn} to end ${checkOut} (${err.message}): the next flight moved to ${flight}. Change it at the hotel or rebook. [stay-change:${checkOut}]`);
    }
    throw err;
  });
}

class StayRefused extends Error {}

/** The first stay of a chain of continuations: its check-in is the group's. */
async function chainStart(ctx: Ctx, row: ReservationRow): Promise<ReservationRow> {
  let at = row;
  for (let hops = 0; at.stayChange === "CONTINUATION" && at.previousUrn && hops < 30; hops++) {
    const [previous] = await ctx.db.select().from(reservations).where(eq(reservations.urn, at.previousUrn)).limit(1);
    if (!previous) break;
    at = previous;
  }
  return at;
}

/** No overnight gap left: the room goes back where the provider can take it; else an operator must. */
async function release(ctx: Ctx, row: ReservationRow, flight: string): Promise<StayChange> {
  const reason = `No overnight gap left: the next flight leaves ${flight}.`;
  if (!canCancel(row.provider)) {
    return review(ctx, row, "release", `Reservation ${row.urn} (${row.provider}, confirmation ${row.confirmationCode ?? "none"}) is no longer needed: ${reason} ${row.provider} cannot cancel through its API here; cancel it at the hotel, then record it. [release]`);
  }
  try {
    await cancelReservation({ ctx, input: { reservationUrn: row.urn, reason, rehouse: false }, passengersTo: "LOCAL_RESIDENT" });
  } catch (err) {
    // a 409 from the provider (refused, or unreachable): say so rather than retry a refusal for ever
    if (err instanceof DomainError && err.code === "INVALID_TRANSITION") return { reservationUrn: row.urn, outcome: "SKIPPED", detail: err.message };
    if (err instanceof DomainError && err.status === 409) {
      return review(ctx, row, "release", `Reservation ${row.urn} could not be cancelled (${err.message}) though it is no longer needed: ${reason} [release]`);
    }
    throw err;
  }
  return { reservationUrn: row.urn, outcome: "RELEASED", detail: reason };
}

/** Without a usable total from the provider: the same nightly price for the new number of nights. */
function proRata(r: ReservationRow, checkOutAt: Date): { amount: number; currency: string } {
  const nights = (at: Date) => Math.max(1, Math.round((at.getTime() - r.checkIn.getTime()) / 86_400_000));
  return { amount: Math.round((r.total.amount / nights(r.checkOut)) * nights(checkOutAt) * 100) / 100, currency: r.total.currency };
}

function dayNumber(date: string): number {
  return Date.parse(`${date}T00:00:00Z`) / 86_400_000;
}
