import { database } from "@/db/client";
import { systemPrincipal } from "@/lib/auth/principal";
import { attemptBooking, type AttemptOutcome } from "@/lib/booking/attempt";
import { authorizeBooking } from "@/lib/booking/authorize";
import { failBooking } from "@/lib/booking/fail";
import { bookingJobFailed } from "@/lib/booking/job-failed";
import type { Planned } from "@/lib/booking/plan";
import { planBooking } from "@/lib/booking/plan";
import { settleWave } from "@/lib/booking/settle";
import { waveBookings } from "@/lib/booking/waves";
import { caseMode } from "@/lib/drills/mode";
import { envInt } from "@/lib/config";
import type { BookingAttemptJson } from "@/db/schema";
import type { Ctx } from "@/lib/context";
import { defineJob } from "@/lib/jobs/define";

async function systemCtx(tenant: string): Promise<Ctx> {
  return { db: (await database()).db, principal: systemPrincipal(tenant, "booking") };
}

/** Bookings in flight at once per provider (BOOKING_CONCURRENCY_PER_PROVIDER, default 16). */
export const BOOKING_CONCURRENCY_PER_PROVIDER = Math.max(1, envInt("BOOKING_CONCURRENCY_PER_PROVIDER", 16));

/**
 * A persisted wave → one `booking/requested` per placed group (spec 4.8 step 7), each naming the
 * provider of its first hotel so that bookings run concurrently, bounded per provider. The event
 * ids make a re-delivered wave fan out to the same bookings.
 */
export const bookWave = defineJob({
  // people waiting for a room come before bookkeeping (transport plans, webhooks, SLA clocks)
  priority: 300,
  id: "book-wave",
  event: "allocation/wave.persisted",
  retries: 4,
  handler: async ({ event, step }) => {
    const { tenant, caseUrn, waveUrn } = event.data;
    const ctx = await systemCtx(tenant);
    // a shadow case replays an event to compare policies: its wave is kept, nothing is booked
    const mode = await step.run("case-mode", () => caseMode(ctx, caseUrn));
    if (mode === "SHADOW") return { requested: 0, skipped: "shadow case: allocation only" };
    const groups = await step.run("groups-to-book", () => waveBookings(ctx, waveUrn));
    if (groups.length === 0) return { requested: 0 };
    await step.sendEvent(
      "request-bookings",
      groups.map((g) => ({ name: "booking/requested" as const, id: `book:${waveUrn}:${g.groupId}`, data: { tenant, caseUrn, waveUrn, groupId: g.groupId, provider: g.provider } })),
    );
    return { requested: groups.length };
  },
});

/**
 * Books one group (spec 4.8 booking behaviour, 7, 8): the idempotency check and claim, the card
 * authorization when the policy pays by card, the primary hotel with up to 5 attempts and
 * backoff 2 s … 32 s (Retry-After honoured) as durable sleeps, then each fallback once; on
 * exhaustion BOOKING_FAILED (or PAYMENT_FAILED). Every provider call is its own step, so a replay
 * never repeats a call that finished, and the wave is settled after the group's outcome.
 */
export const bookGroup = defineJob({
  priority: 300,
  id: "book-group",
  event: "booking/requested",
  retries: 5,
  concurrency: { limit: BOOKING_CONCURRENCY_PER_PROVIDER, key: "event.data.provider" },
  stepTimeout: "2m",
  handler: async ({ event, step, runId, attempt }) => {
    const { tenant, caseUrn, waveUrn, groupId, target, reviewUrn } = event.data;
    const ctx = await systemCtx(tenant);
    const planned = (await step.run("claim", () => planBooking(ctx, { caseUrn, waveUrn, groupId, target, reviewUrn }, runId))) as Planned;
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

    const tried: BookingAttemptJson[] = [];
    for (const candidate of plan.candidates) {
      for (let n = 1; n <= candidate.attempts; n++) {
        const outcome = (await step.run(`book-${candidate.rank}-${n}`, () =>
          attemptBooking(ctx, plan, candidate.rank, n, { lookupFirst: n > 1 || attempt > 0 }),
        )) as AttemptOutcome;
        if (outcome.kind === "confirmed") {
          await settle();
          return { outcome: "CONFIRMED", reservationUrn: plan.reservationUrn, hotelUrn: candidate.hotelUrn, rank: candidate.rank, attempt: n };
        }
        tried.push(outcome.log);
        if (outcome.kind === "stop") break;
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
