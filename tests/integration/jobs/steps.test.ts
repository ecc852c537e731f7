import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { jobEvents, jobRuns } from "@/db/schema";
import { NonRetriableError } from "@/lib/jobs/define";
import { createRunner } from "@/lib/jobs/runner";
import { testDatabase } from "@/tests/helpers/db";
import { defineTestJob, enqueue, manualClock, onlyRun, runsOf, stepsOf } from "./helpers";

let database: Database;
beforeAll(async () => {
  database = await testDatabase();
});
afterAll(async () => {
  await database?.close();
});

describe("step memoization", () => {
  const calls = { a: 0, b: 0 };
  const job = defineTestJob({
    id: "t-memo",
    event: "test/memo",
    retries: 2,
    handler: async ({ step }) => {
      const a = await step.run("a", () => {
        calls.a++;
        return { at: new Date(0), n: 1 };
      });
      const b = await step.run("b", () => {
        calls.b++;
        if (calls.b === 1) throw new Error("b fails once");
        return a.n + 1;
      });
      return { a, b };
    },
  });

  it("does not run a completed step again when a later step failed and the run is retried", async () => {
    const clock = manualClock();
    const runner = createRunner({ db: database.db, jobs: [job], clock, retryBaseMs: 1000 });
    await enqueue(database.db, "test/memo");
    await runner.tick();
    let run = await onlyRun(database.db, "t-memo");
    expect(run.status).toBe("RETRYING");
    expect(run.error?.message).toBe("b fails once");
    expect(calls).toEqual({ a: 1, b: 1 });

    clock.advance(1000);
    await runner.tick();
    run = await onlyRun(database.db, "t-memo");
    expect(run.status).toBe("COMPLETED");
    expect(calls).toEqual({ a: 1, b: 2 });
    // outputs go through JSON, on the first run as on replay
    expect(run.output).toEqual({ a: { at: "1970-01-01T00:00:00.000Z", n: 1 }, b: 2 });
    const steps = await stepsOf(database.db, run.id);
    expect(steps.map((s) => [s.stepId, s.status, s.attempts])).toEqual([
      ["a", "COMPLETED", 1],
      ["b", "COMPLETED", 2],
    ]);
  });
});

describe("retries", () => {
  let failuresLeft = 2;
  const flaky = defineTestJob({
    id: "t-flaky",
    event: "test/flaky",
    retries: 3,
    handler: async ({ step, attempt }) => {
      const v = await step.run("call", () => {
        if (failuresLeft-- > 0) throw new Error(`transient ${attempt}`);
        return "ok";
      });
      return { v, attempt };
    },
  });
  const hopeless = defineTestJob({
    id: "t-hopeless",
    event: "test/hopeless",
    retries: 2,
    handler: async ({ step }) => step.run("call", () => Promise.reject(new Error("always down"))),
  });
  const fatal = { n: 0 };
  const nonRetriable = defineTestJob({
    id: "t-non-retriable",
    event: "test/non-retriable",
    retries: 5,
    handler: async ({ step }) => {
      await step.run("check", () => {
        fatal.n++;
        throw new NonRetriableError("passenger record is gone");
      });
    },
  });

  it("backs off exponentially, then succeeds", async () => {
    const clock = manualClock();
    const runner = createRunner({ db: database.db, jobs: [flaky], clock, retryBaseMs: 1000 });
    await enqueue(database.db, "test/flaky");
    const delays: number[] = [];
    for (let i = 0; i < 2; i++) {
      await runner.tick();
      const run = await onlyRun(database.db, "t-flaky");
      expect(run.status).toBe("RETRYING");
      expect(run.attempt).toBe(i + 1);
      delays.push(run.nextRunAt.getTime() - clock.now());
      // not due yet: a tick now executes nothing
      expect((await runner.tick()).executed).toBe(0);
      clock.advance(delays[i]);
    }
    // equal jitter: attempt n waits between half and all of 1 s · 2^n
    expect(delays[0]).toBeGreaterThanOrEqual(500);
    expect(delays[0]).toBeLessThanOrEqual(1000);
    expect(delays[1]).toBeGreaterThanOrEqual(1000);
    expect(delays[1]).toBeLessThanOrEqual(2000);
    await runner.tick();
    const run = await onlyRun(database.db, "t-flaky");
    expect(run.status).toBe("COMPLETED");
    expect(run.output).toEqual({ v: "ok", attempt: 2 });
    const [step] = await stepsOf(database.db, run.id);
    expect(step.attempts).toBe(3);
  });

  it("fails the run with the error once retries are exhausted", async () => {
    const runner = createRunner({ db: database.db, jobs: [hopeless], retryBaseMs: 1 });
    await enqueue(database.db, "test/hopeless");
    for (let i = 0; i < 10; i++) {
      await runner.tick();
      if ((await onlyRun(database.db, "t-hopeless")).status === "FAILED") break;
      await new Promise((r) => setTimeout(r, 5));
    }
    const run = await onlyRun(database.db, "t-hopeless");
    expect(run.status).toBe("FAILED");
    expect(run.error).toMatchObject({ name: "Error", message: "always down" });
    expect(run.endedAt).not.toBeNull();
    const [step] = await stepsOf(database.db, run.id);
    expect(step).toMatchObject({ status: "FAILED", attempts: 3 });
  });

  it("fails at once on NonRetriableError", async () => {
    const runner = createRunner({ db: database.db, jobs: [nonRetriable], retryBaseMs: 1 });
    await enqueue(database.db, "test/non-retriable");
    await runner.tick();
    const run = await onlyRun(database.db, "t-non-retriable");
    expect(run.status).toBe("FAILED");
    expect(run.error).toMatchObject({ name: "NonRetriableError", message: "passenger record is gone" });
    expect(fatal.n).toBe(1);
  });
});

describe("sleep", () => {
  const after = { n: 0 };
  const sleeper = defineTestJob({
    id: "t-sleeper",
    event: "test/sleeper",
    handler: async ({ step }) => {
      const before = await step.run("before", () => "x");
      await step.sleep("wait", "5m");
      await step.sleepUntil("until", new Date(0).toISOString()); // in the past: completes at once
      after.n++;
      return before;
    },
  });

  it("persists the sleep, then completes after the wake time", async () => {
    const clock = manualClock();
    const runner = createRunner({ db: database.db, jobs: [sleeper], clock });
    await enqueue(database.db, "test/sleeper");
    await runner.tick();
    let run = await onlyRun(database.db, "t-sleeper");
    expect(run.status).toBe("SLEEPING");
    expect(run.nextRunAt.getTime()).toBe(clock.now() + 300_000);
    expect(run.lockedBy).toBeNull();
    const wait = (await stepsOf(database.db, run.id)).find((s) => s.stepId === "wait");
    expect(wait).toMatchObject({ status: "SLEEPING", op: "sleep" });

    clock.advance(299_000);
    expect((await runner.tick()).executed).toBe(0);
    clock.advance(1_000);
    await runner.tick();
    run = await onlyRun(database.db, "t-sleeper");
    expect(run.status).toBe("COMPLETED");
    expect(run.output).toBe("x");
    expect(after.n).toBe(1);
    expect((await stepsOf(database.db, run.id)).map((s) => [s.stepId, s.status])).toEqual([
      ["before", "COMPLETED"],
      ["wait", "COMPLETED"],
      ["until", "COMPLETED"],
    ]);
  });
});

describe("sendEvent", () => {
  const received: string[] = [];
  const sender = defineTestJob({
    id: "t-sender",
    event: "test/sender",
    retries: 1,
    handler: async ({ step, event, attempt }) => {
      await step.sendEvent("notify", { name: "test/notified", data: { tenant: "ZZ", from: event.id } });
      // fails after sending: the retry must not send again
      if (attempt === 0) throw new Error("after send");
      return "done";
    },
  });
  const receiver = defineTestJob({
    id: "t-receiver",
    event: "test/notified",
    handler: async ({ event }) => {
      received.push(String(event.data.from));
    },
  });

  it("triggers the other function exactly once, though the sender is retried", async () => {
    const runner = createRunner({ db: database.db, jobs: [sender, receiver], retryBaseMs: 1 });
    const eventId = await enqueue(database.db, "test/sender");
    for (let i = 0; i < 5; i++) {
      await runner.tick();
      if ((await onlyRun(database.db, "t-sender")).status === "COMPLETED") break;
      await new Promise((r) => setTimeout(r, 5));
    }
    await runner.tick();
    expect((await onlyRun(database.db, "t-sender")).status).toBe("COMPLETED");
    const runs = await runsOf(database.db, "t-receiver");
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ status: "COMPLETED", tenant: "ZZ" });
    expect(received).toEqual([eventId]);
  });
});

describe("sendEvent after the lease was lost", () => {
  const stolen = defineTestJob({
    id: "t-stolen-sender",
    event: "test/stolen",
    retries: 1,
    handler: async ({ step, runId }) => {
      await step.run("before", () => 1);
      // another worker took the run over while this one worked: its event must not go out
      await database.db.update(jobRuns).set({ lockedBy: "another-worker" }).where(eq(jobRuns.id, runId));
      await step.sendEvent("notify", { id: `stolen-${runId}`, name: "test/notified", data: { tenant: "ZZ", from: runId } });
      return "done";
    },
  });

  it("writes neither the step nor its event (they land in one statement with the lease check)", async () => {
    const runner = createRunner({ db: database.db, jobs: [stolen], retryBaseMs: 1 });
    await enqueue(database.db, "test/stolen");
    await runner.tick();
    const run = await onlyRun(database.db, "t-stolen-sender");
    expect(run.lockedBy).toBe("another-worker");
    expect((await stepsOf(database.db, run.id)).map((s) => s.stepId)).not.toContain("notify");
    expect(await database.db.select().from(jobEvents).where(eq(jobEvents.id, `stolen-${run.id}`))).toHaveLength(0);
  });
});

describe("step ids", () => {
  const seen: number[] = [];
  const repeated = defineTestJob({
    id: "t-repeated",
    event: "test/repeated",
    retries: 1,
    handler: async ({ step, attempt }) => {
      for (let i = 0; i < 3; i++) seen.push(await step.run("item", () => i));
      if (attempt === 0) throw new Error("replay please");
    },
  });

  it("suffixes a repeated id like Inngest (item, item:1, item:2) and replays each one", async () => {
    const runner = createRunner({ db: database.db, jobs: [repeated], retryBaseMs: 1 });
    await enqueue(database.db, "test/repeated");
    await runner.tick();
    await new Promise((r) => setTimeout(r, 5));
    await runner.tick();
    const run = await onlyRun(database.db, "t-repeated");
    expect(run.status).toBe("COMPLETED");
    expect((await stepsOf(database.db, run.id)).map((s) => [s.stepId, s.output, s.attempts])).toEqual([
      ["item", 0, 1],
      ["item:1", 1, 1],
      ["item:2", 2, 1],
    ]);
    expect(seen).toEqual([0, 1, 2, 0, 1, 2]);
  });
});

describe("event schema", () => {
  it("fails a run whose event data does not match the event's schema, without retrying", async () => {
    let ran = 0;
    const job = defineTestJob({ id: "t-typed", event: "case/created", handler: () => void ran++ });
    const runner = createRunner({ db: database.db, jobs: [job] });
    await enqueue(database.db, "case/created", { tenant: "AB" }); // caseUrn missing
    await runner.tick();
    const run = await onlyRun(database.db, "t-typed");
    expect(run.status).toBe("FAILED");
    expect(run.error?.name).toBe("NonRetriableError");
    expect(ran).toBe(0);
  });
});
