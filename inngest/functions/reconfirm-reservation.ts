import { database } from "@/db/client";
import { systemPrincipal } from "@/lib/auth/principal";
import { reconfirmReservation, type ReconfirmOutcome } from "@/lib/booking/reconfirm";
import { RECONFIRM_LOOKUPS } from "@/lib/booking/reconfirm-retry";
import { nextReconfirmation } from "@/lib/booking/reconfirm-next";
import { retimeReconfirmation } from "@/lib/booking/reconfirm-retime";
import { scheduleReconfirmations } from "@/lib/booking/reconfirm-schedule";
import type { Ctx } from "@/lib/context";
import { defineJob } from "@/lib/jobs/define";
import { BACKGROUND } from "./lanes";

async function systemCtx(tenant: string): Promise<Ctx> {
  return { db: (await database()).db, principal: systemPrincipal(tenant, "reconfirmation") };
}

/** A reservation has two moments at most; a bound all the same, should rows keep appearing. */
const MAX_ROUNDS = 10;

/** A reservation confirmed → its re-confirmations written at the policy's moments (which starts the watch below). */
export const scheduleReconfirmationsOnConfirmed = defineJob({
  ...BACKGROUND,
  id: "reconfirm-schedule",
  event: "reservation/confirmed",
  retries: 4,
  handler: async ({ event, step }) => {
    const { tenant, reservationUrn } = event.data;
    const ctx = await systemCtx(tenant);
    return { scheduled: await step.run("schedule", () => scheduleReconfirmations(ctx, { reservationUrn, confirmedAt: new Date(event.ts) })) };
  },
});

/** Its rides planned or re-timed → the BEFORE_ARRIVAL re-confirmation follows the pickup (a move restarts the watch). */
export const retimeReconfirmationOnPlanned = defineJob({
  ...BACKGROUND,
  id: "reconfirm-retime",
  event: "transport/planned",
  retries: 4,
  handler: async ({ event, step }) => {
    const { tenant, reservationUrn } = event.data;
    const ctx = await systemCtx(tenant);
    return { movedTo: await step.run("retime", () => retimeReconfirmation(ctx, { reservationUrn })) };
  },
});

/**
 * The watch of one reservation's re-confirmations: a durable sleep until the next one is due, then
 * its look-up (lib/booking/reconfirm.ts); a failed look-up is asked again after a durable sleep
 * (1, 2, 3, 4 minutes) until it holds, walks, or ends ERROR; then the next one. A later
 * `reservation/reconfirmation.scheduled` of the same reservation (a moved pickup) cancels this run and
 * starts a new one, so a time moved earlier is not missed; the look-up's row moves from SCHEDULED
 * once, so an overlap of two watches looks up twice at most and walks once.
 */
export const reconfirmReservationWatch = defineJob({
  ...BACKGROUND,
  id: "reconfirm-reservation",
  event: "reservation/reconfirmation.scheduled",
  retries: 4,
  cancelOn: [{ event: "reservation/reconfirmation.scheduled", match: "data.reservationUrn" }],
  handler: async ({ event, step }) => {
    const { tenant, reservationUrn } = event.data;
    const ctx = await systemCtx(tenant);
    const outcomes: { moment: string; status: string }[] = [];
    for (let round = 0; round < MAX_ROUNDS; round++) {
      const next = await step.run(`next-${round}`, () => nextReconfirmation(ctx, reservationUrn));
      if (!next) return { outcomes };
      await step.sleepUntil(`until-${round}`, next.dueAt);
      for (let k = 1; k <= RECONFIRM_LOOKUPS; k++) {
        const out = (await step.run(`check-${round}-${k}`, () => reconfirmReservation(ctx, { reconfirmationUrn: next.urn }))) as ReconfirmOutcome;
        if (out.status !== "RETRY") {
          outcomes.push({ moment: next.moment, status: out.status });
          break;
        }
        await step.sleep(`wait-${round}-${k}`, `${out.waitSeconds}s`);
      }
    }
    return { outcomes, stopped: "max-rounds" };
  },
});

export const reconfirmationJobs = [scheduleReconfirmationsOnConfirmed, retimeReconfirmationOnPlanned, reconfirmReservationWatch];
