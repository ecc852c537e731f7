import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import type { Db, DbOrTx } from "@/db/client";
import { jobEvents, jobRuns, jobSteps, type JobError, type JobRunRow } from "@/db/schema";
import { newId } from "@/lib/ids";
import { FAILURE_EVENT } from "./define";
import { dueAt } from "./due";
import { WAKE_CHANNEL } from "@/lib/outbox/wake";

/** One row of job_steps as the runner writes it. */
export type StepWrite = {
  stepId: string;
  op: "run" | "sleep" | "sendEvent" | "waitForEvent";
  status: "COMPLETED" | "SLEEPING" | "WAITING" | "RETRYING" | "FAILED";
  output?: unknown;
  error?: JobError | null;
  attempts: number;
  wakeAt?: Date | null;
  /** step.waitForEvent: what dispatch matches incoming events against */
  wait?: { event: string; match: string | null; value: unknown };
  /** when the step finished, if it is written later (a checkpoint): the row's created_at, its order */
  at?: Date;
};

const waitColumns = (s: StepWrite) => ({ waitEvent: s.wait?.event ?? null, waitMatch: s.wait?.match ?? null, waitValue: s.wait ? (s.wait.value ?? null) : null });

/** Every write of a running run is guarded by this: a worker whose lease was taken over writes nothing. */
function heldBy(runId: string, workerId: string) {
  return and(eq(jobRuns.id, runId), eq(jobRuns.lockedBy, workerId), eq(jobRuns.status, "RUNNING"));
}

/** Extends the lease; false when another worker has taken the run over. */
export async function extendLease(db: DbOrTx, runId: string, workerId: string, until: Date, resetAttempt = false): Promise<boolean> {
  const rows = await db
    .update(jobRuns)
    .set({ lockedUntil: until, ...(resetAttempt ? { attempt: 0 } : {}) })
    .where(heldBy(runId, workerId))
    .returning({ id: jobRuns.id });
  return rows.length === 1;
}

export async function upsertSteps(db: DbOrTx, runId: string, steps: StepWrite[]): Promise<void> {
  if (steps.length === 0) return;
  await db
    .insert(jobSteps)
    .values(
      steps.map((s) => {
        const { wait: _, at, ...step } = s;
        return { runId, ...step, ...(at ? { createdAt: at } : {}), output: s.output ?? null, error: s.error ?? null, wakeAt: s.wakeAt ?? null, ...waitColumns(s) };
      }),
    )
    .onConflictDoUpdate({
      target: [jobSteps.runId, jobSteps.stepId],
      set: {
        status: sql`excluded.status`,
        output: sql`excluded.output`,
        error: sql`excluded.error`,
        attempts: sql`excluded.attempts`,
        wakeAt: sql`excluded.wake_at`,
        waitEvent: sql`excluded.wait_event`,
        waitMatch: sql`excluded.wait_match`,
        waitValue: sql`excluded.wait_value`,
        updatedAt: sql`now()`,
      },
    });
}

/**
 * Records a step's result together with the lease check (and the attempt counter's reset, since
 * Inngest counts retries per step): either both land or, if the lease was lost, neither. A wait's
 * row carries its match columns (a transaction); any other step is saveSteps' one statement.
 */
export async function saveStep(db: Db, runId: string, workerId: string, leaseUntil: Date, step: StepWrite): Promise<boolean> {
  if (step.wait) {
    return db.transaction(async (tx) => {
      if (!(await extendLease(tx, runId, workerId, leaseUntil, step.status === "COMPLETED"))) return false;
      await upsertSteps(tx, runId, [step]);
      return true;
    });
  }
  return saveSteps(db, runId, workerId, leaseUntil, [step]);
}

/** Step rows (no waits) as one jsonb array for jsonb_to_recordset: a batch of rows in one parameter. */
function stepRecords(steps: StepWrite[]) {
  return JSON.stringify(
    steps.map((s) => ({
      step_id: s.stepId,
      op: s.op,
      status: s.status,
      output: s.output ?? null,
      error: s.error ?? null,
      attempts: s.attempts,
      wake_at: s.wakeAt ? s.wakeAt.toISOString() : null,
      created_at: (s.at ?? new Date()).toISOString(),
    })),
  );
}

/** `insert into job_steps … select from <lease CTE>`: the rows land only if the lease CTE returned the run. */
function insertStepsFrom(lease: SQL, steps: StepWrite[]): SQL {
  return sql`insert into ${jobSteps} (run_id, step_id, op, status, output, error, attempts, wake_at, created_at)
    select lease.id, s.step_id, s.op, s.status, s.output, s.error, s.attempts, s.wake_at, s.created_at
    from ${lease} as lease, jsonb_to_recordset(${stepRecords(steps)}::jsonb)
      as s(step_id text, op text, status text, output jsonb, error jsonb, attempts int, wake_at timestamptz, created_at timestamptz)
    on conflict (run_id, step_id) do update set status = excluded.status, output = excluded.output, error = excluded.error,
      attempts = excluded.attempts, wake_at = excluded.wake_at, updated_at = now()
    returning run_id`;
}

/** The outbox rows a step writes with its own row (sendEvent's events). */
export type StepEvent = { id: string; name: string; data: Record<string, unknown>; tenant: string | null };

/**
 * A checkpoint: step results buffered by the replay (lib/jobs/replay.ts), written in one statement
 * with the lease check and extension, and with them the events a sendEvent step sends (they land
 * only if the lease is held, like the steps); false when the lease was lost (nothing written). A
 * meltdown's every passenger flow sends an event: one statement, not a transaction of four.
 */
export async function saveSteps(db: Db, runId: string, workerId: string, leaseUntil: Date, steps: StepWrite[], events: StepEvent[] = []): Promise<boolean> {
  if (steps.length === 0) return true;
  const reset = steps.some((s) => s.status === "COMPLETED");
  const result = await db.execute(sql`
    with lease as (
      update ${jobRuns} set locked_until = ${leaseUntil.toISOString()}::timestamptz, updated_at = now() ${reset ? sql`, attempt = 0` : sql``}
      where id = ${runId} and locked_by = ${workerId} and status = 'RUNNING'
      returning id
    )${events.length ? sql`, sent as (
      insert into ${jobEvents} (id, name, data, tenant)
      select e.id, e.name, e.data, e.tenant from lease, jsonb_to_recordset(${JSON.stringify(events)}::jsonb) as e(id text, name text, data jsonb, tenant text)
      on conflict (id) do nothing
    )` : sql``}
    ${insertStepsFrom(sql`lease`, steps)}`);
  return (result as unknown as { rows: unknown[] }).rows.length > 0;
}

export type RunEnd =
  | { status: "COMPLETED"; output: unknown }
  | { status: "FAILED"; error: JobError }
  | { status: "RETRYING"; error: JobError; attempt: number; nextRunAt: Date }
  | { status: "SLEEPING"; nextRunAt: Date; waiting?: string[] };

/** The outbox row that starts a job's onFailure handler: Inngest's function.failed event. */
export function failureEvent(run: JobRunRow, error: JobError): typeof jobEvents.$inferInsert {
  return { id: newId(), name: FAILURE_EVENT, tenant: run.tenant, data: { function_id: run.functionId, run_id: run.id, error, event: run.event } };
}

export type EndOptions = { steps?: StepWrite[]; /** the job has onFailure: a FAILED end emits the failure event */ notifyFailure?: boolean };

/**
 * Ends one execution: the run's new state and its pending step rows, in one transaction. A run
 * that goes to sleep on a wait whose event arrived meanwhile (dispatch completed the step while
 * this worker still held the run) is made due at once instead.
 */
export async function endExecution(db: Db, run: JobRunRow, workerId: string, end: RunEnd, now: Date, o: EndOptions = {}): Promise<boolean> {
  const steps = o.steps ?? [];
  const release = { lockedBy: null, lockedUntil: null };
  const set: PgUpdateSetSource<typeof jobRuns> =
    end.status === "COMPLETED"
      ? { ...release, status: "COMPLETED", output: end.output ?? null, error: null, endedAt: now }
      : end.status === "FAILED"
        ? { ...release, status: "FAILED", error: end.error, endedAt: now }
        : end.status === "RETRYING"
          ? { ...release, status: "RETRYING", error: end.error, attempt: end.attempt, ...dueAt(end.nextRunAt) }
          : { ...release, status: "SLEEPING", ...dueAt(end.nextRunAt) };
  const waiting = end.status === "SLEEPING" ? (end.waiting ?? []) : [];
  const failure = end.status === "FAILED" && o.notifyFailure;
  // a step completed in this execution resets the attempt counter (Inngest counts retries per step),
  // as saveStep does when it writes one; a RETRYING end sets its own
  if (end.status !== "RETRYING" && steps.some((s) => s.status === "COMPLETED")) set.attempt = 0;
  // a limited lane's run that stops running leaves room: wake the workers of other processes
  // (the NOTIFY is sent at commit; the run's own worker kicks its loop anyway)
  const returning = { id: jobRuns.id, notified: run.lane ? sql`pg_notify(${WAKE_CHANNEL}, 'runs')::text` : sql`null` };
  if (steps.length === 0 && waiting.length === 0 && !failure) {
    const rows = await db.update(jobRuns).set(set).where(heldBy(run.id, workerId)).returning(returning);
    return rows.length === 1;
  }
  if (waiting.length === 0 && !failure && steps.every((s) => !s.wait)) {
    // the run's end and its buffered steps in one statement (one round trip, atomic)
    const update = db.update(jobRuns).set(set).where(heldBy(run.id, workerId)).returning(returning);
    const result = await db.execute(sql`with lease as (${update.getSQL()}) ${insertStepsFrom(sql`lease`, steps)}`);
    return (result as unknown as { rows: unknown[] }).rows.length > 0;
  }
  return db.transaction(async (tx) => {
    const rows = await tx.update(jobRuns).set(set).where(heldBy(run.id, workerId)).returning(returning);
    if (rows.length === 0) return false;
    await upsertSteps(tx, run.id, steps);
    if (failure) await tx.insert(jobEvents).values(failureEvent(run, end.error));
    if (waiting.length) {
      const answered = await tx
        .select({ stepId: jobSteps.stepId })
        .from(jobSteps)
        .where(and(eq(jobSteps.runId, run.id), inArray(jobSteps.stepId, waiting), eq(jobSteps.status, "COMPLETED")));
      if (answered.length) await tx.update(jobRuns).set(dueAt(now)).where(eq(jobRuns.id, run.id));
    }
    return true;
  });
}
