import { and, asc, eq, inArray } from "drizzle-orm";
import { passengers, reservations, type BookingAttemptJson } from "@/db/schema";
import { airportTimeZone } from "@/lib/cases/airports";
import { type Ctx, transaction } from "@/lib/context";
import { caseSystems } from "@/lib/peers/case-systems";
import { directProvider } from "@/lib/providers/direct/client";
import type { ProviderBooking } from "@/lib/providers/types";
import { log } from "@/lib/log";
import { answered, appendAttempt, attemptLog, book, bookRequest, notConfigured, type Guest } from "./attempt";
import { confirmReservations, type Confirmation } from "./confirm";
import { LIVE_STATUSES } from "./live";
import { bookingPlanOf, caseToBook, pendingRow, planWithReservation, type BookingPlan, type HandOver } from "./plan";
import { classify } from "./retry";
import type { WaveBooking } from "./waves";

/** A group the chunk claimed and could not book at once, for a booking of its own (`booking/requested` with `handOver`). */
export type HandedOver = WaveBooking & { handOver: HandOver };

export type ChunkBooked = { confirmed: string[]; handedOver: HandedOver[]; skipped: number };

/**
 * A wave's groups booked together, a chunk at a time (a job step each; docs/booking-and-reservations.md#a-wave-in-chunks):
 * 1. one transaction claims every group of the chunk (a PENDING reservation each, one insert, under
 *    the partial unique index that lets exactly one delivery book a group);
 * 2. the guests of the chunk are read once, and each group's allocated hotel is asked once, all
 *    side by side, with the same client references a booking of its own would send;
 * 3. one transaction records every confirmation (lib/booking/confirm.ts confirmReservations) and the
 *    attempts that failed.
 * A group not booked at that first call (a provider's "not now", a full hotel, a card to authorize)
 * is handed over, its claim with it, to a booking of its own (inngest/functions/book.ts `book-group`),
 * which goes on from the next attempt with its retries, its fallbacks and its look-ups after a lost
 * answer. A step retried after a crash finds its own claims and looks each booking up by its client
 * reference before booking again, so nothing is booked twice.
 */
export async function bookChunk(ctx: Ctx, input: { caseUrn: string; waveUrn: string; groups: WaveBooking[] }, runId: string): Promise<ChunkBooked> {
  const claimed = await claimChunk(ctx, input, runId);
  const { plans, again } = claimed;
  const byGroup = new Map(input.groups.map((g) => [g.groupId, g]));
  const handedOver: HandedOver[] = [];
  const handOver = (plan: BookingPlan, next: HandOver["next"], waitSeconds: number, tried: BookingAttemptJson[]) =>
    handedOver.push({ ...byGroup.get(plan.groupId)!, handOver: { claimedBy: runId, next, waitSeconds, tried } });

  // a card is authorized before its booking: the booking of its own does that, as for any card
  const toBook = plans.filter((p) => p.paymentMethod !== "CARD");
  for (const p of plans) if (p.paymentMethod === "CARD") handOver(p, { rank: 1, attempt: 1 }, 0, []);
  if (toBook.length === 0) return { confirmed: [], handedOver, skipped: claimed.skipped };

  const guests = await guestsOf(ctx, input.caseUrn, toBook.map((p) => p.groupId));
  const hotels = await (await caseSystems(ctx, { urn: input.caseUrn, mode: toBook[0].mode })).hotels();
  const confirmations: Confirmation[] = [];
  const failed: { plan: BookingPlan; entry: BookingAttemptJson }[] = [];
  await Promise.all(
    toBook.map(async (plan) => {
      const c = plan.candidates[0];
      const entry = attemptLog(c, 1);
      const provider = c.provider === "DIRECT" ? null : hotels.find((s) => s.id === c.provider);
      const configured = c.provider === "DIRECT" ? hotels.some((s) => s.id === "DIRECT") : Boolean(provider);
      if (!configured) {
        // not ours to book here (a drill never books a direct contract; a provider without a URL): the fallbacks may be
        const e = entry(notConfigured(c.provider));
        failed.push({ plan, entry: e });
        return handOver(plan, { rank: 2, attempt: 1 }, 0, [e]);
      }
      try {
        const request = await bookRequest(ctx, plan, c, guests.get(plan.groupId) ?? []);
        // a direct contract takes its rooms in a transaction of its own, found by reference if this step runs again
        const booking: ProviderBooking = provider ? await book(provider, request, again.has(plan.groupId)) : await directProvider(ctx).book(request);
        confirmations.push({ plan, candidate: c, booking, entry: entry({ outcome: "CONFIRMED" }) });
      } catch (err) {
        const verdict = classify(err, 1);
        if (!verdict) {
          // not a provider's answer (a bug, the database): the booking of its own tries again, looking the booking up first
          log("error", "a chunk's booking failed unexpectedly; handed to a booking of its own", { reservationUrn: plan.reservationUrn, error: err instanceof Error ? err.message : String(err) });
          return handOver(plan, { rank: 1, attempt: 2 }, 0, []);
        }
        const retry = verdict.kind === "retry";
        const e = entry(answered(verdict, retry));
        failed.push({ plan, entry: e });
        handOver(plan, retry ? { rank: 1, attempt: 2 } : { rank: 2, attempt: 1 }, retry ? verdict.waitSeconds : 0, [e]);
      }
    }),
  );
  const { confirmed, lost } = await transaction(ctx, async (tx) => {
    for (const f of failed) await appendAttempt(tx, f.plan.reservationUrn, f.entry);
    return confirmReservations(tx, confirmations);
  });
  // a stay cancelled or closed while its booking was in flight: the provider's booking is left for a person, as a single booking's would be
  for (const why of lost) log("error", "a confirmed booking could not be recorded", { why });
  return { confirmed, handedOver, skipped: claimed.skipped };
}

/**
 * The chunk's claim, in one transaction: the case share-locked (never booked across its closing),
 * the groups' reservations in the wave read once, a PENDING row inserted for every group without a
 * live one. A group this run claimed before (the step runs again) is booked again, looked up first
 * (`again`); one CONFIRMED, or claimed by another run, is skipped.
 */
async function claimChunk(ctx: Ctx, input: { caseUrn: string; waveUrn: string; groups: WaveBooking[] }, runId: string) {
  return transaction(ctx, async (tx) => {
    const none = { plans: [] as BookingPlan[], again: new Set<string>(), skipped: input.groups.length };
    const row = await caseToBook(tx, input.caseUrn);
    if (!row || row.status === "CLOSED" || row.mode === "SHADOW" || input.groups.length === 0) return none;
    const earlier = await tx.db
      .select({ urn: reservations.urn, groupId: reservations.groupId, status: reservations.status, bookingRun: reservations.bookingRun })
      .from(reservations)
      .where(and(eq(reservations.caseUrn, row.urn), eq(reservations.waveUrn, input.waveUrn), inArray(reservations.groupId, input.groups.map((g) => g.groupId))));
    const timeZone = await airportTimeZone(tx, input.groups[0].prepared.airport || row.airport);
    const again = new Set<string>();
    const ours: BookingPlan[] = [];
    const drafts = [];
    for (const g of input.groups) {
      const rows = earlier.filter((r) => r.groupId === g.groupId);
      const live = rows.find((r) => (LIVE_STATUSES as readonly string[]).includes(r.status));
      if (live && (live.status !== "PENDING" || live.bookingRun !== runId)) continue;
      // earlier FAILED or CANCELLED rows of the group: a rebooking is a new booking to the provider (as planBooking counts them)
      const generation = `${rows.filter((r) => r.status === "FAILED" || r.status === "CANCELLED").length}|`;
      const draft = bookingPlanOf(tx.principal.tenant, row, { caseUrn: row.urn, waveUrn: input.waveUrn, groupId: g.groupId }, g.prepared, timeZone, generation);
      if (live) {
        again.add(g.groupId);
        ours.push(planWithReservation(draft, live.urn));
      } else drafts.push(draft);
    }
    const inserted = drafts.length
      ? await tx.db
          .insert(reservations)
          .values(drafts.map((d) => pendingRow(tx.principal.tenant, d, runId)))
          .onConflictDoNothing()
          .returning({ urn: reservations.urn, groupId: reservations.groupId })
      : [];
    const urnOf = new Map(inserted.map((r) => [r.groupId, r.urn]));
    // a group whose insert lost to another delivery's claim is that delivery's to book
    for (const d of drafts) if (urnOf.has(d.groupId)) ours.push(planWithReservation(d, urnOf.get(d.groupId)!));
    return { plans: ours, again, skipped: input.groups.length - ours.length };
  });
}

/** The chunk's guests, names and needs, in manifest order per group: one read for the chunk. */
async function guestsOf(ctx: Ctx, caseUrn: string, groupIds: string[]): Promise<Map<string, Guest[]>> {
  const rows = await ctx.db
    .select({ groupId: passengers.groupId, firstName: passengers.firstName, lastName: passengers.lastName, specialNeeds: passengers.specialNeeds })
    .from(passengers)
    .where(and(eq(passengers.caseUrn, caseUrn), inArray(passengers.groupId, groupIds)))
    .orderBy(asc(passengers.position));
  const out = new Map<string, Guest[]>();
  for (const r of rows) out.set(r.groupId, [...(out.get(r.groupId) ?? []), r]);
  return out;
}
