import type { BookingAttemptJson } from "@/db/schema";
import { failRehousing } from "@/lib/booking/rehouse-fail";
import { planRehousing, type RehousePlanned } from "@/lib/booking/rehouse-plan";
import { attemptStayChange, type StayChangeOutcome } from "@/lib/booking/stay-change-attempt";
import { defineJob } from "@/lib/jobs/define";
import { systemCtxFor } from "@/lib/jobs/system-ctx";
import { queueCancellationMessages } from "@/lib/messages/cancellation";

const systemCtx = systemCtxFor("booking");

/**
 * A hotel walked a group (`reservation/walked`, lib/booking/walk.ts) → the group is rehoused by the
 * booking rules: a REPLACEMENT of the walked stay at the next-ranked compliant hotel with rooms
 * (lib/booking/rehouse-plan.ts), each provider call its own step through the re-booking's machinery
 * (looked up by client reference first, so a lost answer is found, not booked twice). Its
 * confirmation repoints the group and emits `reservation/confirmed`: voucher, REHOUSED messages and
 * the ride to the new hotel follow. Nothing is released: the walked stay is already CANCELLED, with
 * nothing left at the hotel. When no hotel takes the group, a HIGH HOTEL_WALKED item and the
 * cancellation notice (lib/booking/rehouse-fail.ts). One run per walked stay at a time; a repeated
 * delivery finds the replacement it made.
 */
export const rehouseWalked = defineJob({
  id: "rehouse-walked",
  event: "reservation/walked",
  retries: 4,
  concurrency: { limit: 1, key: "event.data.reservationUrn" },
  handler: async ({ event, step }) => {
    const { tenant, caseUrn, reservationUrn } = event.data;
    const ctx = await systemCtx(tenant);
    const planned = (await step.run("plan", () => planRehousing(ctx, { reservationUrn }))) as RehousePlanned;
    if (planned.kind === "skipped") return { outcome: "SKIPPED", detail: planned.why };
    const tried: BookingAttemptJson[] = [];
    if (planned.kind === "book") {
      const plan = planned.plan;
      for (const c of plan.candidates) {
        const outcome = (await step.run(`rehouse-${c.rank}`, () => attemptStayChange(ctx, plan, c.rank))) as StayChangeOutcome;
        if (outcome.kind === "confirmed") return { outcome: "REHOUSED", reservationUrn: plan.reservationUrn, hotelUrn: c.hotelUrn };
        tried.push(outcome.log);
      }
    }
    const pendingUrn = planned.kind === "book" ? planned.plan.reservationUrn : null;
    const why = planned.kind === "none" ? planned.why : undefined;
    const failed = await step.run("failed", () => failRehousing(ctx, { walkedUrn: reservationUrn, pendingUrn, tried, why }));
    // nobody could take them: those who hold the walked stay's voucher hear that it is void (the desk is on it)
    const told = await step.run("tell", () => queueCancellationMessages(ctx, { tenant, caseUrn, reservationUrn, reason: "the hotel could not keep your room; the airline is finding you another" }));
    return { outcome: "REVIEW", ...failed, told };
  },
});
