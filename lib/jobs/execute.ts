import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { jobSteps } from "@/db/schema";
import type { Claimed } from "./claim";
import { isNonRetriable, retryAfterMs, schemaOf, type AnyJob, type JobEvent } from "./define";
import { toJobError } from "./errors";
import { logJson, runLogger } from "./log";
import { toJson } from "./json";
import { Replay } from "./replay";
import { endExecution, extendLease, type RunEnd, type StepWrite } from "./store";
import { backoffMs } from "./timing";

export type ExecuteOptions = {
  db: Db;
  workerId: string;
  leaseMs: number;
  retryBaseMs: number;
  retryMaxMs: number;
  now: () => number;
  onEventsSent: () => void;
};

/** LOST: another worker took the run over after this one's lease expired; nothing was written. */
export type Outcome = RunEnd["status"] | "LOST";

type Result = { ok: true; output: unknown } | { ok: false; error: unknown } | null;

/**
 * Runs one claimed run from the top: the handler replays, completed steps answer from the
 * database, and the execution ends in one write that says what happens next.
 */
export async function executeRun({ run, fresh }: Claimed, job: AnyJob, o: ExecuteOptions): Promise<Outcome> {
  const { db, workerId, now } = o;
  const leaseUntil = () => new Date(now() + o.leaseMs);
  const log = { runId: run.id, functionId: job.id };
  const end = async (e: RunEnd, steps: StepWrite[] = []): Promise<Outcome> => {
    const ok = await endExecution(db, run, workerId, e, new Date(now()), { steps, notifyFailure: Boolean(job.onFailure) });
    if (!ok) logJson("warn", "job run lost its lease or was cancelled; result dropped", log);
    else if (e.status === "FAILED") logJson("error", "job run failed", { ...log, error: e.error.message });
    else if (e.status === "RETRYING") logJson("warn", "job run will retry", { ...log, attempt: e.attempt, error: e.error.message });
    return ok ? e.status : "LOST";
  };
  const retryOrFail = (err: unknown, attempt: number, steps: StepWrite[] = []) =>
    isNonRetriable(err) || attempt + 1 >= run.maxAttempts
      ? end({ status: "FAILED", error: toJobError(err) }, steps)
      : end({ status: "RETRYING", error: toJobError(err), attempt: attempt + 1, nextRunAt: new Date(now() + Math.max(backoffMs(attempt, o.retryBaseMs, o.retryMaxMs), retryAfterMs(err, now()))) }, steps);

  const event = run.event as JobEvent<unknown>;
  const schema = schemaOf(job);
  const parsed = schema ? schema.safeParse(event.data) : { success: true as const, data: event.data };
  if (!parsed.success) {
    // a malformed event will not get better by retrying
    return end({ status: "FAILED", error: { name: "NonRetriableError", message: `event ${event.name} does not match its schema: ${parsed.error.message}` } });
  }

  const replay = new Replay({
    db,
    run,
    steps: fresh ? [] : await db.select().from(jobSteps).where(eq(jobSteps.runId, run.id)),
    workerId,
    maxAttempts: run.maxAttempts,
    now,
    leaseUntil,
    onEventsSent: o.onEventsSent,
    stepTimeout: job.stepTimeout,
  });
  // a long step must not look like a crashed worker: renew the lease while the handler runs
  const heartbeat = setInterval(() => {
    extendLease(db, run.id, workerId, leaseUntil()).then(
      (held) => held || replay.lose(),
      (err) => logJson("warn", "job lease renewal failed", { ...log, err }),
    );
  }, Math.max(50, Math.floor(o.leaseMs / 3)));
  heartbeat.unref?.();

  let result: Result;
  try {
    const handled = (async () =>
      job.handler({ event: { ...event, data: parsed.data }, step: replay.step, attempt: run.attempt, runId: run.id, logger: runLogger(log) }))().then(
      (output): Result => ({ ok: true, output }),
      (error): Result => ({ ok: false, error }),
    );
    result = await Promise.race([handled, replay.interrupted.then((): Result => null)]);
    await replay.settle();
  } finally {
    clearInterval(heartbeat);
  }
  // step results not written yet go with the end's write, in its one statement
  const pending = replay.takePending();

  if (replay.interrupts.some((i) => i.kind === "lost")) return "LOST";
  if (result?.ok) {
    let output: unknown;
    try {
      output = toJson(result.output);
    } catch (err) {
      return end({ status: "FAILED", error: { name: "NonRetriableError", message: `output is not JSON: ${(err as Error).message}` } }, pending);
    }
    return end({ status: "COMPLETED", output }, pending);
  }
  if (result) return retryOrFail(result.error, replay.attempt, pending);

  const stops = replay.interrupts.flatMap((i) => ("step" in i ? [i.step] : []));
  const steps = [...pending, ...stops];
  const retry = replay.interrupts.find((i) => i.kind === "retry");
  if (retry) return retryOrFail(retry.error, replay.attempt, steps);
  const waits = replay.interrupts.flatMap((i) => (i.kind === "wait" ? [i] : []));
  const wakeAt = Math.min(...stops.map((s) => s.wakeAt?.getTime() ?? now()), ...waits.map((w) => w.wakeAt.getTime()));
  return end({ status: "SLEEPING", nextRunAt: new Date(wakeAt), waiting: waits.map((w) => w.stepId) }, steps);
}
