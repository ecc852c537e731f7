import { reconfirmReservation, type ReconfirmOutcome } from "@/lib/booking/reconfirm";
import { RECONFIRM_LOOKUPS } from "@/lib/booking/reconfirm-retry";
import { nextReconfirmation } from "@/lib/booking/reconfirm-next";
import { retimeReconfirmation } from "@/lib/booking/reconfirm-retime";
import { scheduleReconfirmationsOf, type ScheduledReconfirmation } from "@/lib/booking/reconfirm-schedule";
import { defineJob } from "@/lib/jobs/define";
import { systemCtxFor } from "@/lib/jobs/system-ctx";
import { BACKGROUND } from "./lanes";

const systemCtx = systemCtxFor("reconfirmation");

/** A reservation has two moments at most; a bound all the same, should rows keep appearing. */
const MAX_ROUNDS = 10;

/**
 * Confirmed stays' rides decided (the passenger's flow, once per chunk) → their re-confirmations
 * written at the policy's moments, BEFORE_ARRIVAL from the pickups now known, which starts each
 * stay's watch below. Stays whose rows are there already (a later re-plan of the rides) follow the
 * pickup instead. One run per chunk: a run per stay cost the chunk's size in runs and claims.
 */
export const scheduleReconfirmationsOnPlanned = defineJob({
  ...BACKGROUND,
  id: "reconfirm-schedule",
  event: "transport/planned",
  retries: 4,
  handler: async ({ event, step }) => {
    const { tenant, confirmedAt } = event.data;
    const reservationUrns = event.data.reservationUrns ?? [event.data.reservationUrn!];
    const ctx = await systemCtx(tenant);
    const scheduled = Object.fromEntries(
      (await step.run("schedule", async () => [...(await scheduleReconfirmationsOf(ctx, { reservationUrns, confirmedAt: new Date(confirmedAt ?? event.ts) })).entries()])) as [string, ScheduledReconfirmation[]][],
    );
    const rest = reservationUrns.filter((u) => !scheduled[u]);
    if (!rest.length) return { scheduled };
    const movedTo = await step.run("retime", async () => {
      const moved: Record<string, string | null> = {};
      for (const reservationUrn of rest) moved[reservationUrn] = await retimeReconfirmation(ctx, { reservationUrn });
      return moved;
    });
    return { scheduled, movedTo };
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
