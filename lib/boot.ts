import { database } from "@/db/client";
import { demoSeedWanted, seed } from "@/db/seed";
import { authSecret } from "@/lib/auth/secret";
import { config } from "@/lib/config";
import { refuseBadConfig } from "@/lib/config/check";
import type { AnyJob } from "@/lib/jobs/define";
import { errorFields, log } from "@/lib/log";
import { inJobsLane } from "@/db/lanes";
import { withLabel } from "@/db/query-stats";
import { startProfileWriter } from "@/lib/observability/profile";
import { startUnconfiguredPeers } from "@/lib/boot-peers";
import { jobMode } from "@/lib/config/job-mode";

/**
 * Server start: the auth secret, the database (opened and migrated), reference and demo data,
 * then the job runner. Called once from instrumentation.ts before the first request is served.
 */
export async function boot(o: { jobs: readonly AnyJob[] }): Promise<void> {
  const started = Date.now();
  refuseBadConfig((line) => log("error", line));
  authSecret();
  if (jobMode() === "inngest") return bootServerless(started);
  const { db, driver } = await database();
  await seed(db, { demo: demoSeedWanted(driver) });
  // the sandboxes of outside systems with no URL configured (set already when `npm start` runs workers)
  await startUnconfiguredPeers();
  if (!config.JOBS_IN_PROCESS) {
    // `npm start` runs the jobs in worker processes (scripts/worker.ts): this one serves HTTP only
    startProfileWriter("web");
    log("info", "ready; jobs run in worker processes", { driver, ms: Date.now() - started });
    return;
  }
  try {
    const { startEmbeddedRunner } = await import("@/lib/jobs/start-embedded");
    // the runner's own queries (claims, step memos, dispatch) count under one label when profiling
    // in the jobs lane: on the embedded database the console's reads do not queue behind its queries (db/lanes.ts)
    await inJobsLane(() => withLabel("jobs: runner", () => startEmbeddedRunner(o.jobs)));
  } catch (err) {
    log("error", "job runner did not start", errorFields(err));
  }
  startProfileWriter("web");
  log("info", "ready", { driver, ms: Date.now() - started });
}

/**
 * Inngest mode: the process may be a serverless instance, frozen after each response and started
 * cold often, and Inngest runs the jobs (calling /api/inngest). So it starts nothing that lives
 * between requests (no runner, no dispatcher loop, no timer: a request sends its own events after
 * commit, lib/outbox/send-after-commit.ts, and a cron function is the safety net), seeds nothing and
 * starts no sandboxes (the deploy step runs `npm run db:migrate`, which migrates and seeds; peers
 * are configured by URL). The database is opened (migrated on the embedded one only: db/migrate-at-open.ts).
 */
async function bootServerless(started: number): Promise<void> {
  const { driver } = await database();
  log("info", "ready; jobs run on Inngest", { driver, ms: Date.now() - started });
}
