import { database, type Db } from "@/db/client";
import { jobRetentionDays } from "@/lib/config";
import { defineJob } from "@/lib/jobs/define";
import { purgeFinishedJobs, vacuumJobTables } from "@/lib/jobs/retention";
import { BACKGROUND } from "./lanes";

type DbOf = () => Promise<Db>;
const appDb: DbOf = async () => (await database()).db;

/** Transactions per step: a step stays a few seconds long, so its lease and the lane stay healthy. */
const BATCHES_PER_STEP = 50;
/** Steps per run; what is left (over ~500,000 rows) waits for the next tick. */
const MAX_STEPS = 100;

/**
 * Hourly: deletes finished job runs, their steps, events and effect keys older than
 * JOB_RETENTION_DAYS (lib/jobs/retention.ts says what is kept and why). Hourly rather than nightly,
 * so one pass has about an hour of runs to delete, never a week's, whatever the hubs' time zones.
 * The age counts from the tick's time, so a replayed step deletes against the same cutoff.
 */
export function jobRetentionJob(db: DbOf = appDb, retentionDays: () => number = jobRetentionDays) {
  return defineJob({
    ...BACKGROUND,
    id: "job-retention",
    cron: "37 * * * *",
    retries: 2,
    handler: async ({ event, step }) => {
      const now = new Date(event.ts);
      const days = retentionDays();
      const total = { runs: 0, steps: 0, events: 0, effects: 0 };
      for (let i = 0; i < MAX_STEPS; i++) {
        const pass = await step.run(`purge-${i}`, async () => purgeFinishedJobs(await db(), { now, retentionDays: days, maxBatches: BATCHES_PER_STEP }));
        total.runs += pass.runs;
        total.steps += pass.steps;
        total.events += pass.events;
        total.effects += pass.effects;
        if (pass.done) break;
      }
      const vacuumed = total.runs + total.steps + total.events + total.effects > 0 ? await step.run("vacuum", async () => vacuumJobTables(await db(), total)) : [];
      return { retentionDays: days, ...total, vacuumed };
    },
  });
}

export const jobRetention = jobRetentionJob();
