/**
 * A job worker process: `npm start` spawns WORKERS of them beside the web process when the database
 * is a PostgreSQL server (scripts/start.ts). Each opens the same database and runs the embedded job
 * runner over the same definitions the web process would (inngest/functions), so jobs leave the web
 * process's cores and event loop. The sandboxes' URLs come from the supervisor's environment.
 */
import { database } from "@/db/client";
import { withLabel } from "@/db/query-stats";
import { jobs } from "@/inngest/functions";
import { authSecret } from "@/lib/auth/secret";
import { startEmbeddedRunner, stopEmbeddedRunner } from "@/lib/jobs/start-embedded";
import { log } from "@/lib/log";
import { startProfileWriter } from "@/lib/observability/profile";

authSecret();
await database();
await withLabel("jobs: runner", () => startEmbeddedRunner(jobs));
startProfileWriter("worker");
log("info", "job worker ready", { pid: process.pid });

// finish the runs in flight (their leases would otherwise keep them from others for 30 s)
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    void stopEmbeddedRunner().finally(() => process.exit(0));
    setTimeout(() => process.exit(0), 10_000).unref();
  });
}
