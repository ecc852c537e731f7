import { database } from "@/db/client";
import type { AnyJob } from "./define";
import { logJson } from "./log";
import { jobMode, type JobMode } from "@/lib/config/job-mode";
import { createRunner } from "./runner";
import { config } from "@/lib/config";

export type JobWorker = { mode: JobMode; stop(): Promise<void> };

type Holder = { worker?: Promise<JobWorker> };
// on globalThis for the reason db/client.ts gives: Next bundles instrumentation and routes apart
const holder = ((globalThis as Record<string, unknown>).__dasJobWorker ??= {}) as Holder;

/**
 * Starts this process's job worker once: the embedded runner; in inngest mode nothing (events
 * leave with the request that wrote them, and Inngest calls /api/inngest to run them). The jobs
 * come from inngest/functions, passed in by instrumentation.ts: lib/ does not import inngest/.
 */
export function startEmbeddedRunner(jobs: readonly AnyJob[]): Promise<JobWorker> {
  holder.worker ??= (async (): Promise<JobWorker> => {
    const mode = jobMode();
    if (mode === "inngest") {
      // nothing to run here: requests send their events after commit, Inngest's cron drains the rest
      logJson("info", "jobs go to Inngest", { mode });
      return { mode, stop: async () => {} };
    }
    const { db } = await database();
    // JOBS_POLL_MS: the runner's backstop poll (NOTIFY and timers wake it otherwise)
    const pollMs = config.JOBS_POLL_MS ?? 5_000;
    const runner = createRunner({ db, jobs, pollMs, concurrency: config.JOBS_CONCURRENCY });
    runner.start();
    logJson("info", "embedded job runner started", { mode, workerId: runner.workerId, jobs: jobs.length });
    return { mode, stop: () => runner.stop() };
  })().catch((err) => {
    holder.worker = undefined;
    throw err;
  });
  return holder.worker;
}

/** Stops the worker started above, if any (scripts and tests that close the database first). */
export async function stopEmbeddedRunner(): Promise<void> {
  const w = holder.worker;
  holder.worker = undefined;
  if (w) await (await w).stop();
}
