import { attemptBooking, type AttemptOutcome } from "@/lib/booking/attempt";
import { bookChunk, type ChunkBooked } from "@/lib/booking/book-chunk";
import { authorizeBooking } from "@/lib/booking/authorize";
import { failBooking } from "@/lib/booking/fail";
import { bookingJobFailed } from "@/lib/booking/job-failed";
import type { HandOver, Planned } from "@/lib/booking/plan";
import { planBooking } from "@/lib/booking/plan";
import { findLostBooking, type Reconciled } from "@/lib/booking/reconcile";
import { backoffSeconds } from "@/lib/booking/retry";
import { settleWave } from "@/lib/booking/settle";
import { waveBookings, type WaveBooking } from "@/lib/booking/waves";
import { caseSystems } from "@/lib/peers/case-systems";
import { groupBy } from "@/lib/group-by";
import { config } from "@/lib/config";
import type { BookingAttemptJson } from "@/db/schema";
import { defineJob } from "@/lib/jobs/define";
import { systemCtxFor } from "@/lib/jobs/system-ctx";
import { PASSENGER_BOOKING } from "./lanes";

const systemCtx = systemCtxFor("booking");

/** How many times a booking whose answer was lost is looked up (2 s, 4 s, 8 s, 16 s apart) before a person decides. */
const LOOKUPS_AFTER_LOST_ANSWER = 5;

/** Bookings in flight at once per provider (BOOKING_CONCURRENCY_PER_PROVIDER, default 32: at 16 a 30-flight meltdown's bookings queued for 37 s). */
export const BOOKING_CONCURRENCY_PER_PROVIDER = config.BOOKING_CONCURRENCY_PER_PROVIDER;

/** Groups booked together in one step of a wave's run, per provider: their claims, calls side by side, and confirmations commit together. */
export const BOOKING_CHUNK = BOOKING_CONCURRENCY_PER_PROVIDER;

/**
 * A persisted wave → its groups booked in chunks (docs/booking-and-reservations.md#a-wave-in-chunks):
 * per provider of the groups' allocated hotels, chunks of BOOKING_CHUNK, a step each, one after
 * another per provider and the providers side by side. Each chunk claims its groups, asks each
 * allocated hotel once and records the confirmations in one transaction (lib/booking/book-chunk.ts);
 * a group not booked at that first call is handed, with its claim, to a `book-group` run of its own
 * (the event ids make a re-delivered wave hand over the same bookings). Then the wave is settled.
 */
export const bookWave = defineJob({
  // people waiting for a room come before bookkeeping (transport plans, webhooks, SLA clocks)
  ...PASSENGER_BOOKING,
  id: "book-wave",
  event: "allocation/wave.persisted",
  retries: 4,
  stepTimeout: "2m",
  handler: async ({ event, step, runId }) => {
    const { tenant, caseUrn, waveUrn } = event.data;
    const ctx = await systemCtx(tenant);
    // a shadow case replays an event to compare policies: its wave is kept, nothing is booked
    const mode = await step.run("case-mode", async () => (await caseSystems(ctx, caseUrn)).mode);
    if (mode === "SHADOW") return { requested: 0, skipped: "shadow case: allocation only" };
    // the chunks are memoised with the groups: a replay under another BOOKING_CHUNK finds the same steps
    const lanes = (await step.run("groups-to-book", async () => chunksByProvider(await waveBookings(ctx, waveUrn, { claimedBy: runId })))) as WaveBooking[][][];
    if (lanes.length === 0) return { requested: 0 };
    const chunks = await Promise.all(
      lanes.map(async (lane) => {
        const done: ChunkBooked[] = [];
        for (const [i, chunk] of lane.entries()) {
          done.push((await step.run(`book-${chunk[0].provider}-${i}`, () => bookChunk(ctx, { caseUrn, waveUrn, groups: chunk }, runId))) as ChunkBooked);
        }
        return done;
      }),
    );
    const handedOver = chunks.flat().flatMap((c) => c.handedOver);
    if (handedOver.length) {
      await step.sendEvent(
        "hand-over",
        handedOver.map((g) => ({ name: "booking/requested" as const, id: `book:${waveUrn}:${g.groupId}`, data: { tenant, caseUrn, waveUrn, groupId: g.groupId, provider: g.provider, prepared: g.prepared, handOver: g.handOver } })),
      );
    }
    await step.run("settle", () => settleWave(ctx, { caseUrn, waveUrn }));
    return { groups: lanes.flat(2).length, confirmed: chunks.flat().reduce((n, c) => n + c.confirmed.length, 0), handedOver: handedOver.length };
  },
});

/** A wave's groups per provider of their allocated hotel, in chunks of BOOKING_CHUNK. */
function chunksByProvider(groups: WaveBooking[]): WaveBooking[][][] {
  return [...groupBy(groups, (g) => g.provider).values()].map((ofProvider) => {
    const lane: WaveBooking[][] = [];
    for (let i = 0; i < ofProvider.length; i += BOOKING_CHUNK) lane.push(ofProvider.slice(i, i + BOOKING_CHUNK));
    return lane;
  });
}

/**
 * Books one group: a review's rebook or override, or a group a wave's chunk handed over after its
 * first call (`handOver`: the claim is taken over and the booking goes on from the next attempt).
 * The idempotency check and claim, the card
 * authorization when the policy pays by card, the primary hotel with up to 5 attempts and
 * backoff 2 s … 32 s (Retry-After honoured) as durable sleeps, then each fallback once; on
 * exhaustion BOOKING_FAILED (or PAYMENT_FAILED). A hotel whose last attempt lost its answer is
 * looked up by reference before the next hotel is tried (found: the group is booked there), so a
 * lost confirmation never leaves a second booking behind. Every provider call is its own step, so a replay
 * never repeats a call that finished, and the wave is settled after the group's outcome.
 */
export const bookGroup = defineJob({
  ...PASSENGER_BOOKING,
  id: "book-group",
  event: "booking/requested",
  retries: 5,
  concurrency: { limit: BOOKING_CONCURRENCY_PER_PROVIDER, key: "event.data.provider" },
  stepTimeout: "2m",
  handler: async ({ event, step, runId, attempt }) => {
    const { tenant, caseUrn, waveUrn, groupId, target, reviewUrn, prepared, handOver } = event.data;
    const ctx = await systemCtx(tenant);
    const planned = (await step.run("claim", () => planBooking(ctx, { caseUrn, waveUrn, groupId, target, reviewUrn, prepared, handOver: handOver as HandOver | undefined }, runId))) as Planned;
    if (planned.kind === "skipped") return planned;
    const plan = planned.plan;
    const settle = () => step.run("settle", () => settleWave(ctx, { caseUrn, waveUrn }));

    if (plan.paymentMethod === "CARD") {
      const auth = await step.run("authorize-payment", () => authorizeBooking(ctx, plan));
      if (!auth.ok) {
        await step.run("payment-refused", () =>
          failBooking(ctx, { ...plan, attempts: [], cause: { reason: "payment-refused", providerError: auth.reason, hotelUrn: plan.candidates[0]?.hotelUrn } }),
        );
        await settle();
        return { outcome: "PAYMENT_FAILED", reservationUrn: plan.reservationUrn };
      }
    }

    /** lookups by client reference after a lost answer, with backoff between: found, absent, or still unknown */
    const findLost = async (rank: number): Promise<"confirmed" | "absent" | "unknown"> => {
      for (let k = 1; k <= LOOKUPS_AFTER_LOST_ANSWER; k++) {
        const r = (await step.run(`find-lost-${rank}-${k}`, () => findLostBooking(ctx, plan, rank))) as Reconciled;
        if (r.kind !== "unknown") return r.kind;
        if (k < LOOKUPS_AFTER_LOST_ANSWER) await step.sleep(`wait-find-lost-${rank}-${k}`, `${backoffSeconds(k)}s`);
      }
      return "unknown";
    };
    const tried: BookingAttemptJson[] = [...((handOver?.tried ?? []) as BookingAttemptJson[])];
    // a chunk's "not now" is waited out as this run's own would be
    if (handOver && handOver.waitSeconds > 0) await step.sleep("hand-over-wait", `${handOver.waitSeconds}s`);
    const next = handOver?.next ?? { rank: 1, attempt: 1 };
    for (const candidate of plan.candidates.filter((c) => c.rank >= next.rank)) {
      for (let n = candidate.rank === next.rank ? next.attempt : 1; n <= candidate.attempts; n++) {
        // a chunk's call may have booked this group after all (its answer lost): looked up first
        const outcome = (await step.run(`book-${candidate.rank}-${n}`, () =>
          attemptBooking(ctx, plan, candidate.rank, n, { lookupFirst: n > 1 || attempt > 0 || Boolean(handOver) }),
        )) as AttemptOutcome;
        if (outcome.kind === "confirmed") {
          await settle();
          return { outcome: "CONFIRMED", reservationUrn: plan.reservationUrn, hotelUrn: candidate.hotelUrn, rank: candidate.rank, attempt: n };
        }
        tried.push(outcome.log);
        if (outcome.kind === "stop") {
          if (!outcome.outcomeUnknown) break;
          // the last call may have booked this hotel: find out before booking another one
          const lost = await findLost(candidate.rank);
          if (lost === "confirmed") {
            await settle();
            return { outcome: "CONFIRMED", reservationUrn: plan.reservationUrn, hotelUrn: candidate.hotelUrn, rank: candidate.rank, attempt: n, foundByReference: true };
          }
          if (lost === "unknown") {
            // still unknown after every lookup: a person decides rather than risk two bookings
            await step.run("outcome-unknown", () =>
              failBooking(ctx, { ...plan, attempts: tried, cause: { reason: "outcome-unknown", providerError: "the booking may exist at the provider; every lookup failed", hotelUrn: candidate.hotelUrn } }),
            );
            await settle();
            return { outcome: "FAILED", reservationUrn: plan.reservationUrn };
          }
          break;
        }
        await step.sleep(`wait-${candidate.rank}-${n}`, `${outcome.waitSeconds}s`);
      }
    }
    await step.run("exhausted", () => failBooking(ctx, { ...plan, attempts: tried }));
    await settle();
    return { outcome: "FAILED", reservationUrn: plan.reservationUrn };
  },
  onFailure: async ({ event, error }) => {
    const { tenant, caseUrn, waveUrn, groupId } = event.data;
    await bookingJobFailed(await systemCtx(tenant), { caseUrn, waveUrn, groupId, error: error.message });
  },
});
