import { reconfirmReservation, type ReconfirmOutcome } from "@/lib/booking/reconfirm";
import { RECONFIRM_LOOKUPS } from "@/lib/booking/reconfirm-retry";
import { nextReconfirmation } from "@/lib/booking/reconfirm-next";
import { retimeReconfirmation } from "@/lib/booking/reconfirm-retime";
import { scheduleReconfirmations } from "@/lib/booking/reconfirm-schedule";
import { defineJob } from "@/lib/jobs/define";
import { systemCtxFor } from "@/lib/jobs/system-ctx";
import { BACKGROUND } from "./lanes";

const systemCtx = systemCtxFor("reconfirmation");

/** A reservation has two moments at most; a bound all the same, should rows keep appearing. */
const MAX_ROUNDS = 10;

/**
 * A confirmed stay's ride decided (the passenger's flow) → its re-confirmations written at the
 * policy's moments, BEFORE_ARRIVAL from the pickup now known, which starts the watch below. Rows
 * already there (a later re-plan of the rides) follow the pickup instead. One run per stay: written
 * at confirmation and moved when the ride was planned, a stay cost two runs and two watches.
 */
export const scheduleReconfirmationsOnPlanned = defineJob({
  ...BACKGROUND,
  id: "reconfirm-schedule",
  event: "transport/planned",
  retries: 4,
  handler: async ({ event, step }) => {
    const { tenant, reservationUrn, confirmedAt } = event.data;
    const ctx = await systemCtx(tenant);
    const scheduled = await step.run("schedule", () => scheduleReconfirmations(ctx, { reservationUrn, confirmedAt: new Date(confirmedAt ?? event.ts) }));
    if (scheduled.length) return { scheduled };
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

export const reconfirmationJobs = [scheduleReconfirmationsOnPlanned, reconfirmReservationWatch];
