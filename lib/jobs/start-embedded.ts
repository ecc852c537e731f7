import { database } from "@/db/client";
import type { AnyJob } from "./define";
import { createInngestDispatcher } from "./dispatch-inngest";
import { inngest } from "./inngest-client";
import { logJson } from "./log";
import { jobMode, type JobMode } from "./mode";
import { createRunner } from "./runner";
import { config } from "@/lib/config";

export type JobWorker = { mode: JobMode; stop(): Promise<void> };

type Holder = { worker?: Promise<JobWorker> };
// on globalThis for the reason db/client.ts gives: Next bundles instrumentation and routes apart
const holder = ((globalThis as Record<string, unknown>).__dasJobWorker ??= {}) as Holder;

/**
 * Starts this process's job worker once: the embedded runner, or in inngest mode only the loop
 * that forwards outbox events to Inngest (Inngest then calls /api/inngest to run them). The jobs
 * come from inngest/functions, passed in by instrumentation.ts: lib/ does not import inngest/.
 */
export function startEmbeddedRunner(jobs: readonly AnyJob[]): Promise<JobWorker> {
  holder.worker ??= (async (): Promise<JobWorker> => {
    const { db } = await database();
    const mode = jobMode();
    // JOBS_POLL_MS: the runner's backstop poll (NOTIFY and timers wake it otherwise); the Inngest dispatcher's poll
    const pollMs = config.JOBS_POLL_MS ?? (mode === "inngest" ? 500 : 5_000);
    if (mode === "inngest") {
      const dispatcher = createInngestDispatcher({ db, sender: inngest, pollMs });
      dispatcher.start();
      logJson("info", "jobs go to Inngest", { mode });
      return { mode, stop: () => dispatcher.stop() };
    }
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
