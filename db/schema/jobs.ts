import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from "drizzle-orm/pg-core";
import { lifecycle, ts } from "./columns";

/** How a failure is kept: enough for the console to show it, no more. */
export type JobError = { name: string; message: string; stack?: string };

/**
 * Events emitted by services. Written inside the transaction of the change that causes them
 * (an outbox), then dispatched: to the embedded runner's job_runs, or to an Inngest server.
 */
export const jobEvents = pgTable(
  "job_events",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    data: jsonb("data").$type<Record<string, unknown>>().notNull(),
    tenant: text("tenant"),
    // PENDING | DISPATCHED (started runs here) | NO_SUBSCRIBER (no function of this process listens) | SENT (to Inngest)
    status: text("status").notNull().default("PENDING"),
    // the function ids this event started in the embedded runner, so "done" says by whom
    startedFunctions: jsonb("started_functions").$type<string[]>().notNull().default([]),
    dispatchedAt: ts("dispatched_at"),
    ...lifecycle,
  },
  (t) => [
    // the dispatcher reads undispatched events in order
    index("job_events_pending_idx").on(t.dispatchedAt, t.createdAt),
  ],
);

/** One execution of one function for one event, in the embedded runner. */
export const jobRuns = pgTable(
  "job_runs",
  {
    id: text("id").primaryKey(),
    functionId: text("function_id").notNull(),
    eventId: text("event_id").notNull(),
    eventName: text("event_name").notNull(),
    event: jsonb("event").$type<Record<string, unknown>>().notNull(),
    // copied from the event, so the console lists a tenant's runs without a join
    tenant: text("tenant"),
    // QUEUED | RUNNING | SLEEPING | RETRYING | COMPLETED | FAILED | CANCELLED
    status: text("status").notNull(),
    attempt: integer("attempt").notNull().default(0),
    maxAttempts: integer("max_attempts").notNull(),
    concurrencyKey: text("concurrency_key"),
    nextRunAt: ts("next_run_at").notNull(),
    // Inngest's priority.run of the function when the run was made (seconds), and next_run_at
    // minus it: the order claims take waiting runs in, stored so an index serves it. Every write
    // of next_run_at writes due_at too (lib/jobs/due.ts).
    priority: integer("priority").notNull().default(0),
    dueAt: ts("due_at"),
    // a concurrency-limited function's (function, key): the runs one limit counts; null when unlimited
    lane: text("lane"),
    lockedUntil: ts("locked_until"),
    lockedBy: text("locked_by"),
    output: jsonb("output"),
    error: jsonb("error").$type<JobError | null>(),
    startedAt: ts("started_at"),
    endedAt: ts("ended_at"),
    ...lifecycle,
  },
  (t) => [
    // claims (lib/jobs/claim.ts) read only these three, so a claim does not grow with the backlog:
    // waiting runs of unlimited functions in claim order,
    index("job_runs_claim_idx").on(t.dueAt, t.id).where(sql`status in ('QUEUED', 'SLEEPING', 'RETRYING') and lane is null`),
    // waiting runs of limited functions by lane, in claim order (a loose scan finds the lanes),
    index("job_runs_lane_idx").on(t.lane, t.dueAt).where(sql`status in ('QUEUED', 'SLEEPING', 'RETRYING') and lane is not null`),
    // and running runs (few: workers × concurrency), counted per lane and searched for expired leases
    index("job_runs_running_idx").on(t.lane, t.lockedUntil).where(sql`status = 'RUNNING'`),
    // a function's concurrency limit counts its running runs per key
    index("job_runs_function_idx").on(t.functionId, t.status, t.concurrencyKey),
    // one run per (event, function), so a re-dispatched event starts nothing twice
    uniqueIndex("job_runs_event_idx").on(t.eventId, t.functionId),
    // the console lists a tenant's runs, newest first (ids are time-ordered UUIDv7)
    index("job_runs_tenant_idx").on(t.tenant, t.id),
    // retention (lib/jobs/retention.ts) takes finished runs oldest end first, a batch at a time,
    // without reading the runs still waiting or running
    index("job_runs_ended_idx").on(t.endedAt).where(sql`status in ('COMPLETED', 'FAILED', 'CANCELLED')`),
  ],
);

/** Memoized step results: a completed step is never run again on replay. */
export const jobSteps = pgTable(
  "job_steps",
  {
    runId: text("run_id").notNull(),
    stepId: text("step_id").notNull(),
    op: text("op").notNull(), // run | sleep | sendEvent
    // COMPLETED | SLEEPING | WAITING (for an event) | RETRYING (failed, will run again) | FAILED (gave up: replay rethrows)
    status: text("status").notNull(),
    output: jsonb("output"),
    error: jsonb("error").$type<JobError | null>(),
    attempts: integer("attempts").notNull().default(0),
    // a sleep's end, or a wait's timeout
    wakeAt: ts("wake_at"),
    // step.waitForEvent: the event name, the dotted path to match and the value it must have
    waitEvent: text("wait_event"),
    waitMatch: text("wait_match"),
    waitValue: jsonb("wait_value"),
    ...lifecycle,
  },
  (t) => [
    primaryKey({ columns: [t.runId, t.stepId] }),
    // dispatch looks up the steps waiting for each event's name
    index("job_steps_waiting_idx").on(t.waitEvent).where(sql`status = 'WAITING'`),
  ],
);

/**
 * One row per cron job: the next tick due. Firing a tick is a guarded update of next_at (from
 * the value read to the following tick), so of two processes only one fires it; the run's event
 * id names the tick too, and job_runs' unique (event, function) index refuses a second run.
 */
export const jobSchedules = pgTable("job_schedules", {
  functionId: text("function_id").primaryKey(),
  cron: text("cron").notNull(),
  nextAt: ts("next_at").notNull(),
  lastTickAt: ts("last_tick_at"),
  ...lifecycle,
});

/**
 * Idempotency keys of step side effects (lib/jobs/effects.ts): written in the effect's own
 * transaction, so an effect that committed is known to have happened even if the step's memo
 * row was never written, and its replay returns the stored result instead of acting again.
 */
export const jobEffects = pgTable(
  "job_effects",
  {
    key: text("key").primaryKey(),
    functionId: text("function_id"),
    runId: text("run_id"),
    result: jsonb("result"),
    ...lifecycle,
  },
  (t) => [
    // retention (lib/jobs/retention.ts) takes the oldest keys first, a batch at a time
    index("job_effects_created_idx").on(t.createdAt),
  ],
);

export type JobEventRow = typeof jobEvents.$inferSelect;
export type JobRunRow = typeof jobRuns.$inferSelect;
export type JobStepRow = typeof jobSteps.$inferSelect;
export type JobScheduleRow = typeof jobSchedules.$inferSelect;
