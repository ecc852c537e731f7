import { and, eq, sql } from "drizzle-orm";
import { allocationWaves, passengers, reservations, type BookingAttemptJson } from "@/db/schema";
import { type Ctx, transaction } from "@/lib/context";
import { directProvider } from "@/lib/providers/direct/client";
import { caseSystems } from "@/lib/peers/case-systems";
import type { BookRequest, HotelProvider, ProviderBooking } from "@/lib/providers/types";
import { confirmReservation } from "./confirm";
import { cardTokenFor } from "./payment";
import type { BookingPlan, Candidate } from "./plan";
import { classify, type Verdict } from "./retry";

export type AttemptOutcome =
  | { kind: "confirmed"; reservationUrn: string }
  | { kind: "retry"; waitSeconds: number; log: BookingAttemptJson }
  /** `outcomeUnknown`: the last call may have booked (its answer was lost): look it up before another hotel */
  | { kind: "stop"; log: BookingAttemptJson; outcomeUnknown?: boolean };

/**
 * One provider call for one hotel of the plan (a job step). Before booking again it looks the
 * booking up by our client reference (a lost confirmation is found, not booked twice). A direct
 * contract books in the same transaction as the reservation it confirms, so the allotment and
 * the reservation change together or not at all; an external provider's booking is confirmed in
 * the transaction after its answer (a crash between the two is found by reference on the retry).
 * A provider failure is classified (spec 7) and logged on the reservation; anything else throws,
 * and the job step is retried.
 */
export async function attemptBooking(ctx: Ctx, plan: BookingPlan, rank: number, n: number, opts: { lookupFirst: boolean }): Promise<AttemptOutcome> {
  const candidate = plan.candidates.find((c) => c.rank === rank);
  if (!candidate) throw new Error(`booking plan of ${plan.reservationUrn} has no candidate of rank ${rank}`);
  if (opts.lookupFirst) {
    // a try of this step before (its memo lost) may have confirmed it already: nothing to book
    const [current] = await ctx.db.select({ status: reservations.status }).from(reservations).where(eq(reservations.urn, plan.reservationUrn)).limit(1);
    if (current?.status === "CONFIRMED" || current?.status === "CHECKED_OUT") return { kind: "confirmed", reservationUrn: plan.reservationUrn };
  }
  // the mode was resolved once when the booking was planned (a plan memoised before it carried the mode reads it)
  const systems = await caseSystems(ctx, plan.mode ? { urn: plan.caseUrn, mode: plan.mode } : plan.caseUrn);
  const log = attemptLog(candidate, n);

  try {
    const hotels = await systems.hotels();
    if (candidate.provider === "DIRECT") {
      if (!hotels.some((s) => s.id === "DIRECT")) {
        // a direct contract's rooms are real: a drill books its sandboxes only
        const entry = log(notConfigured("DIRECT"));
        await appendAttempt(ctx, plan.reservationUrn, entry);
        return { kind: "stop", log: entry };
      }
      const request = await bookRequest(ctx, plan, candidate);
      await transaction(ctx, async (tx) => {
        const booking = await directProvider(tx).book(request);
        await confirmReservation(tx, plan, candidate, booking, log({ outcome: "CONFIRMED" }));
      });
      return { kind: "confirmed", reservationUrn: plan.reservationUrn };
    }
    const provider = hotels.find((s) => s.id === candidate.provider);
    if (!provider) {
      const entry = log(notConfigured(candidate.provider));
      await appendAttempt(ctx, plan.reservationUrn, entry);
      return { kind: "stop", log: entry };
    }
    const booking = await book(provider, await bookRequest(ctx, plan, candidate), opts.lookupFirst);
    await transaction(ctx, (tx) => confirmReservation(tx, plan, candidate, booking, log({ outcome: "CONFIRMED" })));
    return { kind: "confirmed", reservationUrn: plan.reservationUrn };
  } catch (err) {
    const verdict = classify(err, n);
    if (!verdict) throw err;
    const last = n >= candidate.attempts;
    const retry = verdict.kind === "retry" && !last;
    const entry = log(answered(verdict, retry));
    await appendAttempt(ctx, plan.reservationUrn, entry);
    if (retry && verdict.kind === "retry") return { kind: "retry", waitSeconds: verdict.waitSeconds, log: entry };
    return { kind: "stop", log: entry, ...(verdict.kind === "retry" && verdict.outcomeUnknown ? { outcomeUnknown: true } : {}) };
  }
}

/** A booking attempt's log entry for a candidate's n-th call, stamped now: STOP unless `extra` says otherwise. */
export function attemptLog(candidate: Pick<BookingAttemptJson, "hotelUrn" | "provider">, n: number) {
  return (extra: Partial<BookingAttemptJson>): BookingAttemptJson => ({ hotelUrn: candidate.hotelUrn, provider: candidate.provider, attempt: n, at: new Date().toISOString(), outcome: "STOP", ...extra });
}

/** What the log says of a provider's answer classify() judged: RETRY with its wait when the call is asked again, else STOP. */
export function answered(verdict: Verdict, retry: boolean): Partial<BookingAttemptJson> {
  return { outcome: retry ? "RETRY" : "STOP", reason: verdict.reason, providerError: verdict.providerError, ...(retry && verdict.kind === "retry" ? { waitSeconds: verdict.waitSeconds } : {}) };
}

/** What the log says of a candidate whose provider this process may not or cannot book. */
export function notConfigured(provider: string): Partial<BookingAttemptJson> {
  return { reason: "provider-not-configured", providerError: provider === "DIRECT" ? "a drill never books a direct contract" : `${provider} has no URL configured` };
}

/** A provider's booking by our client reference: looked up first when an earlier call may have made it. */
export async function book(provider: HotelProvider, request: BookRequest, lookupFirst: boolean): Promise<ProviderBooking> {
  if (lookupFirst) {
    const found = await provider.findByReference(request.clientReference);
    if (found && found.status === "CONFIRMED") return found;
  }
  return provider.book(request);
}

/** A guest as a provider request names them. */
export type Guest = { firstName: string | null; lastName: string | null; specialNeeds: string[] };

/** What a provider request is made of, whichever booking makes it (a wave's, a re-booking's, a passenger's choice). */
export type BookRequestInput = {
  caseUrn: string;
  groupId: string;
  waveUrn: string;
  tier: string | null;
  rooms: number;
  paymentMethod: "GUARANTEE" | "CARD";
  /** the hotel's local dates, YYYY-MM-DD */
  checkIn: string;
  checkOut: string;
};

/**
 * The provider request: guests as on the manifest (names only), the party's special needs as the
 * provider's special requests (a re-booked stay keeps the wheelchair room and the cot), the payment
 * token read here and never memoised. Every booking path calls this one, so none drops a field.
 */
export async function bookRequest(ctx: Ctx, input: BookRequestInput, c: Pick<Candidate, "providerOfferId" | "providerHotelId" | "clientReference">, read?: Guest[]): Promise<BookRequest> {
  // a wave's chunk reads its groups' guests at once (lib/booking/book-chunk.ts)
  const guests =
    read ??
    (await ctx.db
      .select({ firstName: passengers.firstName, lastName: passengers.lastName, specialNeeds: passengers.specialNeeds })
      .from(passengers)
      .where(and(eq(passengers.caseUrn, input.caseUrn), eq(passengers.groupId, input.groupId)))
      .orderBy(passengers.position));
  let cardToken: string | undefined;
  if (input.paymentMethod === "CARD") {
    const [wave] = await ctx.db.select({ policies: allocationWaves.policies }).from(allocationWaves).where(eq(allocationWaves.urn, input.waveUrn)).limit(1);
    cardToken = (await cardTokenFor(ctx, wave?.policies ?? [], input.tier)) ?? undefined;
  }
  const needs = [...new Set(guests.flatMap((g) => g.specialNeeds))].sort();
  return {
    offerId: c.providerOfferId,
    providerHotelId: c.providerHotelId,
    rooms: input.rooms,
    guests: guests.map((g) => ({ firstName: g.firstName ?? "Guest", lastName: g.lastName ?? "Guest" })),
    clientReference: c.clientReference,
    payment: { method: input.paymentMethod, ...(cardToken ? { cardToken } : {}) },
    checkIn: input.checkIn,
    checkOut: input.checkOut,
    ...(needs.length ? { specialRequests: needs.map(specialRequest).join("; ") } : {}),
  };
}

function specialRequest(need: string): string {
  if (need === "WHEELCHAIR") return "wheelchair-accessible room";
  if (need === "CONNECTING_ROOMS") return "connecting rooms";
  if (need === "EARLY_CHECK_IN") return "early check-in";
  if (need === "INFANT") return "baby cot";
  return need.toLowerCase().replace(/_/g, " ");
}

export async function appendAttempt(ctx: Ctx, reservationUrn: string, entry: BookingAttemptJson): Promise<void> {
  await ctx.db
    .update(reservations)
    .set({ attempts: sql`${reservations.attempts} || ${JSON.stringify([entry])}::jsonb` })
    .where(eq(reservations.urn, reservationUrn));
}
