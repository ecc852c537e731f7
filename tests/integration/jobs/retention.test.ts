import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database, Db } from "@/db/client";
import { jobEffects, jobEvents, jobRuns, jobSteps } from "@/db/schema";
import { jobRetentionJob } from "@/inngest/functions/job-retention";
import { BACKGROUND } from "@/inngest/functions/lanes";
import { claimRuns } from "@/lib/jobs/claim";
import { createRunner } from "@/lib/jobs/runner";
import { purgeFinishedJobs } from "@/lib/jobs/retention";
import { testDatabase } from "@/tests/helpers/db";
import { defineTestJob, manualClock, runsOf } from "./helpers";

let database: Database;
let db: Db;
beforeAll(async () => {
  database = await testDatabase();
  db = database.db;
});
afterAll(async () => {
  await database?.close();
});
beforeEach(async () => {
  await db.execute(sql`truncate job_events, job_runs, job_steps, job_effects, job_schedules`);
});

const DAY = 86_400_000;
/** "now" for the purge; rows' ages are set relative to it (created_at too, which the database writes with its own clock) */
const NOW = new Date();
const ago = (days: number) => new Date(NOW.getTime() - days * DAY);

type RunSpec = { id: string; status: string; endedAt?: Date | null; createdAt?: Date; eventId?: string; steps?: number; functionId?: string; dueAt?: Date };

async function insertRun(r: RunSpec) {
  const eventId = r.eventId ?? `ev-${r.id}`;
  const waiting = ["QUEUED", "SLEEPING", "RETRYING"].includes(r.status);
  await db.insert(jobRuns).values({
    id: r.id,
    functionId: r.functionId ?? "t-retention",
    eventId,
    eventName: "test/retention",
    event: { id: eventId, name: "test/retention", data: {}, ts: 0 },
    status: r.status,
    maxAttempts: 4,
    nextRunAt: r.dueAt ?? ago(0),
    dueAt: waiting ? (r.dueAt ?? ago(0)) : null,
    endedAt: r.endedAt ?? null,
    createdAt: r.createdAt ?? r.endedAt ?? ago(0),
    ...(r.status === "RUNNING" ? { lockedBy: "elsewhere", lockedUntil: new Date(NOW.getTime() + 60_000) } : {}),
  });
  const steps = Array.from({ length: r.steps ?? 0 }, (_, i) => ({ runId: r.id, stepId: `s${i}`, op: "run", status: "COMPLETED", attempts: 1 }));
  for (let i = 0; i < steps.length; i += 500) await db.insert(jobSteps).values(steps.slice(i, i + 500));
}

async function insertEvent(id: string, dispatchedAt: Date | null, status = dispatchedAt ? "DISPATCHED" : "PENDING") {
  await db.insert(jobEvents).values({ id, name: "test/retention", data: {}, status, dispatchedAt, createdAt: dispatchedAt ?? ago(30) });
}

async function ids(table: typeof jobRuns | typeof jobEvents): Promise<string[]> {
  return (await db.select({ id: table.id }).from(table)).map((r) => r.id).sort();
}
const count = async (table: string) => Number(((await db.execute(sql`select count(*)::int as n from ${sql.identifier(table)}`)) as unknown as { rows: { n: number }[] }).rows[0].n);

describe("retention of the job tables", () => {
  it("deletes finished runs ended before the cutoff, with their steps, events and effect keys; keeps recent and unfinished work and what it needs", async () => {
    // finished long ago: go, whatever the way they finished
    await insertRun({ id: "old-completed", status: "COMPLETED", endedAt: ago(20), steps: 3 });
    await insertRun({ id: "old-failed", status: "FAILED", endedAt: ago(15), steps: 2 });
    await insertRun({ id: "old-cancelled", status: "CANCELLED", endedAt: ago(30) });
    for (const id of ["old-completed", "old-failed", "old-cancelled"]) await insertEvent(`ev-${id}`, ago(31));
    // finished recently, after a long sleep: the run, its steps and its (old) event stay
    await insertRun({ id: "recent", status: "COMPLETED", endedAt: ago(1), createdAt: ago(40), steps: 2 });
    await insertEvent("ev-recent", ago(40));
    // unfinished, however old: stay, with their steps and events
    for (const status of ["QUEUED", "RUNNING", "SLEEPING", "RETRYING"]) {
      await insertRun({ id: `open-${status}`, status, createdAt: ago(30), steps: 2 });
      await insertEvent(`ev-open-${status}`, ago(30));
    }
    // one event that started a finished run and one still sleeping: kept for the sleeper
    await insertRun({ id: "sibling-done", status: "COMPLETED", endedAt: ago(20), eventId: "ev-shared" });
    await insertRun({ id: "sibling-asleep", status: "SLEEPING", createdAt: ago(20), eventId: "ev-shared", functionId: "t-retention-other" });
    await insertEvent("ev-shared", ago(20));
    // events with no run: an old undispatched one is the outbox's work and stays; dispatched ones go by age
    await insertEvent("ev-undispatched", null);
    await insertEvent("ev-unheard-old", ago(20), "NO_SUBSCRIBER");
    await insertEvent("ev-sent-old", ago(20), "SENT");
    await insertEvent("ev-sent-recent", ago(2), "SENT");
    // effect keys: of a finished run (goes), of an unfinished one (stays: its replay needs it), recent
    // (stays), naming no run: older than every unfinished run (goes) or not (stays: it may be theirs),
    // naming a run not stored here (an Inngest run's, long done: goes)
    await db.insert(jobEffects).values([
      { key: "k-old-completed", runId: "old-completed", createdAt: ago(20) },
      { key: "k-open-sleeping", runId: "open-SLEEPING", createdAt: ago(29) },
      { key: "k-recent", runId: "recent", createdAt: ago(2) },
      { key: "k-anon-before-open", runId: null, createdAt: ago(35) },
      { key: "k-anon-after-open", runId: null, createdAt: ago(25) },
      { key: "k-inngest-run", runId: "01J-not-a-local-run", createdAt: ago(25) },
    ]);

    const result = await purgeFinishedJobs(db, { now: NOW, retentionDays: 14 });

    expect(await ids(jobRuns)).toEqual(["open-QUEUED", "open-RETRYING", "open-RUNNING", "open-SLEEPING", "recent", "sibling-asleep"]);
    const steps = await db.select({ runId: jobSteps.runId }).from(jobSteps);
    expect(new Set(steps.map((s) => s.runId))).toEqual(new Set(["open-QUEUED", "open-RETRYING", "open-RUNNING", "open-SLEEPING", "recent"]));
    expect(await ids(jobEvents)).toEqual(["ev-open-QUEUED", "ev-open-RETRYING", "ev-open-RUNNING", "ev-open-SLEEPING", "ev-recent", "ev-sent-recent", "ev-shared", "ev-undispatched"]);
    const keys = (await db.select({ key: jobEffects.key }).from(jobEffects)).map((k) => k.key).sort();
    expect(keys).toEqual(["k-anon-after-open", "k-open-sleeping", "k-recent"]);
    expect(result).toMatchObject({ runs: 4, steps: 5, events: 5, effects: 3, done: true });

    // a second pass finds nothing
    expect(await purgeFinishedJobs(db, { now: NOW, retentionDays: 14 })).toMatchObject({ runs: 0, steps: 0, events: 0, effects: 0, batches: 0 });
  });

  it("counts the age from `now` and the configured days", async () => {
    await insertRun({ id: "ten-days", status: "COMPLETED", endedAt: ago(10) });
    expect((await purgeFinishedJobs(db, { now: NOW, retentionDays: 14 })).runs).toBe(0);
    expect((await purgeFinishedJobs(db, { now: NOW, retentionDays: 7 })).runs).toBe(1);
  });

  it("deletes in bounded batches, a run with more steps than a batch over several, and stops at maxBatches", async () => {
    await db.execute(sql`insert into job_runs (id, function_id, event_id, event_name, event, status, max_attempts, next_run_at, ended_at, created_at)
      select 'r' || i, 't-retention', 'e' || i, 'test/retention', '{}'::jsonb, 'COMPLETED', 4, ${ago(30).toISOString()}::timestamptz,
        ${ago(20).toISOString()}::timestamptz + i * interval '1 second', ${ago(30).toISOString()}::timestamptz
      from generate_series(1, 450) as i`);
    await db.execute(sql`insert into job_steps (run_id, step_id, op, status) select 'r' || i, 's' || j, 'run', 'COMPLETED' from generate_series(1, 450) i, generate_series(1, 3) j`);
    await db.execute(sql`insert into job_events (id, name, data, status, dispatched_at) select 'e' || i, 'test/retention', '{}'::jsonb, 'DISPATCHED', ${ago(30).toISOString()}::timestamptz from generate_series(1, 450) i`);
    await insertRun({ id: "long", status: "FAILED", endedAt: ago(25), steps: 250 });
    await insertEvent("ev-long", ago(30));

    const partial = await purgeFinishedJobs(db, { now: NOW, retentionDays: 14, batch: 100, maxBatches: 3 });
    expect(partial).toMatchObject({ batches: 3, done: false });
    expect(await count("job_runs")).toBeGreaterThan(0);

    const rest = await purgeFinishedJobs(db, { now: NOW, retentionDays: 14, batch: 100 });
    expect(rest.done).toBe(true);
    expect(Math.max(partial.largestStatement, rest.largestStatement)).toBeLessThanOrEqual(100);
    expect(partial.runs + rest.runs).toBe(451);
    expect(partial.steps + rest.steps).toBe(450 * 3 + 250);
    expect(partial.events + rest.events).toBe(451);
    // at least one transaction per 100 rows of each table
    expect(partial.batches + rest.batches).toBeGreaterThanOrEqual(Math.ceil((450 * 3 + 250) / 100) + Math.ceil(451 / 100));
    expect(await count("job_runs")).toBe(0);
    expect(await count("job_steps")).toBe(0);
    expect(await count("job_events")).toBe(0);
  });

  const waiting = defineTestJob({ id: "t-retention-waiting", event: "test/retention", handler: () => null });
  const claimOptions = () => ({ jobs: new Map([[waiting.id, waiting]]), workerId: "claimer", leaseMs: 30_000, now: new Date(), limit: 8 });

  it("lets a claim through while a pass is under way", async () => {
    await db.execute(sql`insert into job_runs (id, function_id, event_id, event_name, event, status, max_attempts, next_run_at, ended_at)
      select 'r' || i, 't-retention', 'e' || i, 'test/retention', '{}'::jsonb, 'COMPLETED', 4, now(), ${ago(20).toISOString()}::timestamptz from generate_series(1, 3000) as i`);
    await db.execute(sql`insert into job_steps (run_id, step_id, op, status) select 'r' || i, 's' || j, 'run', 'COMPLETED' from generate_series(1, 3000) i, generate_series(1, 2) j`);
    await insertRun({ id: "due", status: "QUEUED", functionId: waiting.id, dueAt: ago(0) });

    let passDone = false;
    const pass = purgeFinishedJobs(db, { now: NOW, retentionDays: 14, batch: 50 }).then((r) => ((passDone = true), r));
    // the pass has begun: its first batches committed
    while ((await count("job_steps")) === 6000) await new Promise((r) => setTimeout(r, 1));
    const claimed = await claimRuns(db, claimOptions());
    const passDoneAtClaim = passDone;
    // old runs still there: the claim did not wait for the whole pass (as it would for one transaction)
    const oldLeft = (await count("job_runs")) - 1;
    const result = await pass;

    expect(claimed.map((c) => c.run.id)).toEqual(["due"]);
    expect(passDoneAtClaim).toBe(false);
    expect(oldLeft).toBeGreaterThan(0);
    expect(result.runs).toBe(3000);
  });

  // PGlite has one connection, so nothing runs inside another's transaction there: there the claim
  // waits for the batch's commit, which the test above shows comes batch by batch
  it.skipIf(!process.env.TEST_DATABASE_URL)("PostgreSQL: a claim is not blocked by the locks a batch holds", async () => {
    await insertRun({ id: "old", status: "COMPLETED", endedAt: ago(20), steps: 2 });
    await insertRun({ id: "due", status: "QUEUED", functionId: waiting.id, dueAt: ago(0) });
    let claimed: string[] = [];
    const result = await purgeFinishedJobs(db, {
      now: NOW,
      retentionDays: 14,
      duringRunBatch: async () => {
        // another connection of the pool, while the batch's rows are locked and deleted but not committed
        if (claimed.length === 0) claimed = (await claimRuns(db, claimOptions())).map((c) => c.run.id);
      },
    });
    expect(claimed).toEqual(["due"]);
    expect(result.runs).toBe(1);
  });
});

describe("the retention job", () => {
  let registered: string[] = [];
  beforeAll(async () => {
    // the registry imports every job: slow to load on a busy machine, so outside the test's own timeout
    registered = (await import("@/inngest/functions")).jobs.map((j) => j.id);
  }, 180_000);

  it("is a cron job of the background lane, registered with the others", async () => {
    const job = jobRetentionJob(async () => db, () => 14);
    expect(job.cron).toBeTruthy();
    expect(job.priority).toBe(BACKGROUND.priority);
    expect(job.concurrency).toEqual(BACKGROUND.concurrency);
    expect(registered).toContain("job-retention");
  });

  it("under the embedded runner, deletes a run once the injected clock has passed the retention age", async () => {
    const work = defineTestJob({ id: "t-retention-work", event: "test/retention", handler: async ({ step }) => step.run("one", () => 1) });
    const retention = jobRetentionJob(async () => db, () => 14);
    const clock = manualClock(new Date("2026-03-01T10:00:00Z"));
    const runner = createRunner({ db, jobs: [work, retention], clock });
    await insertEvent("ev-work", null);
    await runner.tick();
    await runner.tick();
    expect((await runsOf(db, work.id)).map((r) => r.status)).toEqual(["COMPLETED"]);

    // 13 days on: hourly passes find nothing old enough
    clock.advance(13 * DAY);
    await runner.tick(); // the tick missed while the clock jumped fires once, at its own time
    clock.advance(3_600_000);
    await runner.tick();
    expect(await runsOf(db, work.id)).toHaveLength(1);

    // past 14 days: the pass of the next tick deletes the run, its step and its event
    clock.advance(DAY);
    await runner.tick();
    expect(await runsOf(db, work.id)).toHaveLength(1); // that tick was due before the jump: its cutoff is a day earlier
    clock.advance(3_600_000);
    await runner.tick();
    expect(await runsOf(db, work.id)).toHaveLength(0);
    expect(await count("job_steps")).toBeGreaterThan(0); // the retention runs' own steps
    expect(await ids(jobEvents)).toEqual([]);
    const passes = await runsOf(db, retention.id);
    expect(passes.every((p) => p.status === "COMPLETED")).toBe(true);
    // and vacuums the tables it deleted from, so their space is reused (PGlite has no autovacuum)
    expect(passes.at(-1)!.output).toMatchObject({ retentionDays: 14, runs: 1, steps: 1, events: 1, vacuumed: ["job_steps", "job_runs", "job_events"] });
  });
});
