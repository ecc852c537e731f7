import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrate, openDatabase, type Database } from "@/db/client";
import { claimRuns } from "@/lib/jobs/claim";
import { createRunner } from "@/lib/jobs/runner";
import { wakeDispatcher } from "@/lib/outbox/wake";
import { testDatabase } from "@/tests/helpers/db";
import { defineTestJob, enqueue, manualClock, onlyRun, stepsOf, until } from "./helpers";

const HOUR = 3_600_000;

describe("a job that sleeps across a restart", () => {
  const effects = { prepare: 0, book: 0 };
  const job = defineTestJob({
    id: "t-restart",
    event: "test/restart",
    handler: async ({ step }) => {
      const quote = await step.run("prepare", () => ++effects.prepare);
      await step.sleep("cool-off", "1h");
      const booked = await step.run("book", () => ++effects.book);
      return { quote, booked };
    },
  });

  it("is picked up by a new runner after the wake time and completes exactly once", async () => {
    // PostgreSQL: a second runner on the same database. PGlite: the database closed and
    // reopened from its directory, as a server restart does.
    const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
    const dir = onPostgres ? "" : fs.mkdtempSync(path.join(os.tmpdir(), "jobs-restart-"));
    const open = async () => {
      if (onPostgres) return testDatabase();
      const d = await openDatabase(`file://${path.join(dir, "pgdata")}`);
      await migrate(d);
      return d;
    };
    let first: Database | undefined = await open();
    let second: Database | undefined;
    try {
      const a = createRunner({ db: first.db, jobs: [job], workerId: "runner-a", pollMs: 20 });
      a.start();
      await enqueue(first.db, "test/restart");
      wakeDispatcher();
      await until(async () => (await onlyRun(first!.db, "t-restart").catch(() => null))?.status === "SLEEPING", 15_000, "run A to sleep");
      await a.stop();
      const sleeping = await onlyRun(first.db, "t-restart");
      expect(sleeping.lockedBy).toBeNull();

      if (onPostgres) second = first;
      else {
        await first.close();
        first = undefined;
        second = await open();
      }
      const db = second.db;
      expect((await onlyRun(db, "t-restart")).status).toBe("SLEEPING");

      // before the wake time nothing happens
      const early = createRunner({ db, jobs: [job], workerId: "runner-b" });
      expect((await early.tick()).executed).toBe(0);

      // runner B's clock is past the stored wake time: no real hour passes
      const b = createRunner({ db, jobs: [job], workerId: "runner-b", pollMs: 20, clock: { now: () => Date.now() + 2 * HOUR } });
      b.start();
      await until(async () => (await onlyRun(db, "t-restart")).status === "COMPLETED", 15_000, "run B to complete");
      await b.stop();
      expect((await b.tick()).executed).toBe(0);

      const run = await onlyRun(db, "t-restart");
      expect(run.output).toEqual({ quote: 1, booked: 1 });
      expect(effects).toEqual({ prepare: 1, book: 1 });
      expect((await stepsOf(db, run.id)).map((s) => [s.stepId, s.status, s.attempts])).toEqual([
        ["prepare", "COMPLETED", 1],
        ["cool-off", "COMPLETED", 0],
        ["book", "COMPLETED", 1],
      ]);
    } finally {
      await first?.close();
      if (second && second !== first) await second.close();
      if (dir) fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe("a crashed worker", () => {
  let database: Database;
  beforeAll(async () => {
    database = await testDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  const calls = { a: 0, b: 0 };
  const job = defineTestJob({
    id: "t-crash",
    event: "test/crash",
    retries: 3,
    handler: async ({ step }) => {
      await step.run("a", () => ++calls.a);
      await step.run("b", () => {
        if (++calls.b === 1) throw new Error("first b fails");
        return calls.b;
      });
      return "done";
    },
  });

  it("leaves a run whose lease expires to be reclaimed, without re-running completed steps", async () => {
    const clock = manualClock();
    const runner = createRunner({ db: database.db, jobs: [job], clock, retryBaseMs: 1000, leaseMs: 30_000 });
    await enqueue(database.db, "test/crash");
    await runner.tick(); // a completes, b fails: RETRYING
    clock.advance(1000);
    // a worker claims the run and dies before writing anything
    const [{ run: claimed }] = await claimRuns(database.db, { jobs: new Map([[job.id, job]]), workerId: "dead-worker", leaseMs: 30_000, now: new Date(clock.now()), limit: 1 });
    expect(claimed).toMatchObject({ status: "RUNNING", lockedBy: "dead-worker" });

    clock.advance(29_000);
    expect((await runner.tick()).executed).toBe(0); // its lease still holds
    clock.advance(2_000);
    await runner.tick();
    const run = await onlyRun(database.db, "t-crash");
    expect(run).toMatchObject({ status: "COMPLETED", output: "done", lockedBy: null });
    expect(calls).toEqual({ a: 1, b: 2 });
  });

  it("fails a run whose workers keep dying once its attempts are used up", async () => {
    const lethal = defineTestJob({ id: "t-lethal", event: "test/lethal", retries: 1, handler: () => "never runs here" });
    const jobs = new Map([[lethal.id, lethal]]);
    const clock = manualClock();
    const runner = createRunner({ db: database.db, jobs: [lethal], clock, leaseMs: 1000 });
    await enqueue(database.db, "test/lethal");
    await runner.dispatch();
    for (let i = 0; i < 2; i++) {
      expect(await claimRuns(database.db, { jobs, workerId: `dead-${i}`, leaseMs: 1000, now: new Date(clock.now()), limit: 1 })).toHaveLength(1);
      clock.advance(1001);
    }
    expect(await claimRuns(database.db, { jobs, workerId: "dead-2", leaseMs: 1000, now: new Date(clock.now()), limit: 1 })).toHaveLength(0);
    const run = await onlyRun(database.db, "t-lethal");
    expect(run.status).toBe("FAILED");
    expect(run.error?.name).toBe("WorkerLost");
  });

  it("keeps the lease of a long step alive, so no other worker takes the run", async () => {
    let executions = 0;
    const slow = defineTestJob({
      id: "t-slow",
      event: "test/slow",
      handler: async ({ step }) =>
        step.run("slow", async () => {
          executions++;
          await new Promise((r) => setTimeout(r, 1500));
          return "slow done";
        }),
    });
    const a = createRunner({ db: database.db, jobs: [slow], workerId: "slow-a", leaseMs: 500, pollMs: 10 });
    const b = createRunner({ db: database.db, jobs: [slow], workerId: "slow-b", leaseMs: 500, dispatch: false });
    a.start();
    await enqueue(database.db, "test/slow");
    wakeDispatcher();
    await until(async () => (await onlyRun(database.db, "t-slow").catch(() => null))?.status === "RUNNING", 5000, "a to claim");
    let stolen = 0;
    while ((await onlyRun(database.db, "t-slow")).status === "RUNNING") {
      stolen += (await b.tick()).executed;
      await new Promise((r) => setTimeout(r, 30));
    }
    await a.stop();
    expect(stolen).toBe(0);
    expect(executions).toBe(1);
    expect(await onlyRun(database.db, "t-slow")).toMatchObject({ status: "COMPLETED", output: "slow done" });
  });
});
