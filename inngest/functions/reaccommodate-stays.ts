import type { BookingAttemptJson } from "@/db/schema";
import { confirmedReservationsOf, reaccommodateReservation, type StayChange } from "@/lib/booking/reaccommodate";
import { attemptStayChange, type StayChangeOutcome } from "@/lib/booking/stay-change-attempt";
import { failStayChange, releaseStay } from "@/lib/booking/stay-change-finish";
import { planStayChange, type StayChangePlanned } from "@/lib/booking/stay-change-plan";
import { defineJob } from "@/lib/jobs/define";
import { systemCtxFor } from "@/lib/jobs/system-ctx";

const systemCtx = systemCtxFor("booking");

/**
 * The next flight moved (PATCH /cases/{urn}/reaccommodate) → each CONFIRMED reservation of the
 * case follows it: stay extended or shortened at the provider, the room released when no overnight
 * gap remains (lib/booking/reaccommodate.ts). Where the provider cannot extend a stay, the group is
 * re-booked (spec 4.1): the missing nights at the same hotel as a continuation, else the whole stay
 * at the next-ranked compliant hotel, the old one released once the new one is confirmed; a review
 * item only when no hotel takes the group. As in the booking job, each provider call is its own
 * step (a replay never repeats one that finished) and looks the booking up by its client reference
 * before making it, so a lost answer is found, not booked twice. One run per case at a time, so two
 * quick patches are applied in turn (each step reads the case as it is then).
 */
export const reaccommodateStays = defineJob({
  id: "reaccommodate-stays",
  event: "case/reaccommodated",
  retries: 4,
  concurrency: { limit: 1, key: "event.data.caseUrn" },
  handler: async ({ event, step }) => {
    const { tenant, caseUrn } = event.data;
    const ctx = await systemCtx(tenant);
    const urns = await step.run("reservations", () => confirmedReservationsOf(ctx, caseUrn));
    const changes: StayChange[] = [];
    for (const reservationUrn of urns) {
      const change = (await step.run(`stay-${reservationUrn}`, () => reaccommodateReservation(ctx, { reservationUrn }))) as StayChange;
      if (change.outcome !== "REBOOK" || !change.checkOut) {
        changes.push(change);
        continue;
      }
      const checkOut = change.checkOut;
      const planned = (await step.run(`rebook-plan-${reservationUrn}`, () => planStayChange(ctx, { reservationUrn, checkOut }))) as StayChangePlanned;
      if (planned.kind === "skipped") {
        changes.push({ reservationUrn, outcome: "SKIPPED", detail: planned.why });
        continue;
      }
      const plan = planned.plan;
      const tried: BookingAttemptJson[] = [];
      let done: StayChange | null = null;
      for (const c of plan.candidates) {
        const outcome = (await step.run(`rebook-${reservationUrn}-${c.rank}`, () => attemptStayChange(ctx, plan, c.rank))) as StayChangeOutcome;
        if (outcome.kind === "refused") {
          tried.push(outcome.log);
          continue;
        }
        if (c.kind === "REPLACEMENT") {
          await step.run(`release-${reservationUrn}`, () =>
            releaseStay(ctx, { reservationUrn, replacedBy: plan.reservationUrn, reason: `replaced by ${plan.reservationUrn} at ${c.hotelName ?? c.hotelUrn}: the next flight moved and this stay could not be extended` }),
          );
        }
        done = { reservationUrn, outcome: c.kind === "CONTINUATION" ? "CONTINUED" : "REPLACED", detail: `${plan.reservationUrn} at ${c.hotelName ?? c.hotelUrn}, ${c.checkIn} → ${c.checkOut}` };
        break;
      }
      changes.push(done ?? ((await step.run(`rebook-failed-${reservationUrn}`, () => failStayChange(ctx, plan, tried))) as StayChange));
    }
    return { changes };
  },
});
