/**
 * A stand-in for the server's job worker, run as its own process by the crash tests
 * (`node --import tsx tests/helpers/runner-child.ts`, no wrapper process, so a SIGKILL reaches it):
 * opens the database of DATABASE_URL (a PostgreSQL database, or `file://…` for an on-disk PGlite)
 * as the server does and runs the booking jobs with the embedded runner until it is killed.
 * Prints "ready" once the runner is polling.
 */
import { database } from "@/db/client";
import { allocateOnApproval } from "@/inngest/functions/allocate";
import { bookGroup, bookWave } from "@/inngest/functions/book";
import { passengerFlow } from "@/inngest/functions/passenger-flow";
import { messagesOnVoucherIssued } from "@/inngest/functions/messages";
import { createRunner } from "@/lib/jobs/runner";

const { db } = await database();
const runner = createRunner({
  db,
  jobs: [allocateOnApproval, bookWave, bookGroup, passengerFlow, messagesOnVoucherIssued],
  concurrency: Number(process.env.CHILD_RUNNER_CONCURRENCY ?? 8),
  pollMs: 100,
});
runner.start();
process.stdout.write("ready\n");
