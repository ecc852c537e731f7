import { InngestTestEngine, mockCtx } from "@inngest/test";
import { eq } from "drizzle-orm";
import { Inngest } from "inngest";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Database } from "@/db/client";
import { jobEvents } from "@/db/schema";
import { toInngestFunction } from "@/inngest/adapter";
import { createRunner } from "@/lib/jobs/runner";
import { testDatabase } from "@/tests/helpers/db";
import { defineTestJob, enqueue, manualClock, runsOf, stepsOf } from "./helpers";

const HOUR = 3_600_000;

/** waits for the wave of its own case, an hour at most */
const waiter = defineTestJob({
  id: "t-waiter",
  event: "test/await-wave",
  handler: async ({ step }) => {
    const wave = await step.waitForEvent("wave", { event: "allocation/wave.persisted", timeout: "1h", match: "data.caseUrn" });
    return wave ? { waveUrn: wave.data.waveUrn, name: wave.name } : "timed out";
  },
});

/** sleeps a day, unless a matching test/case-closed cancels it */
const sleeper = defineTestJob({
  id: "t-cancellable",
  event: "test/remind",
  cancelOn: [{ event: "test/case-closed", match: "data.caseUrn" }],
  handler: async ({ step }) => {
    await step.sleep("a-day", "24h");
    return "reminded";
  },
});

describe("waitForEvent and cancelOn under Inngest, through the adapter", () => {
  const client = new Inngest({ id: "jobs-test" });

  /**
   * Executed by @inngest/test, with step.waitForEvent replaced through transformCtx: mocking the
   * step by id hands Inngest v4's event validation a promise, which it rejects (@inngest/test 1.0.0).
   */
  const withWait = (answer: unknown) =>
    new InngestTestEngine({
      function: toInngestFunction(client, waiter),
      transformCtx: (raw) => {
        const ctx = mockCtx(raw);
        const wait = vi.fn(async () => answer);
        (ctx.step as { waitForEvent: unknown }).waitForEvent = wait;
        return ctx;
      },
    });

  it("waitForEvent returns the event Inngest delivers, or null on timeout (executed by @inngest/test; the wait's answer injected)", async () => {
    const wave = { name: "allocation/wave.persisted", data: { tenant: "AF", caseUrn: "c1", waveUrn: "w1" }, id: "e1", ts: 1 };
    const got = await withWait(wave).execute({ events: [{ name: "test/await-wave", data: { caseUrn: "c1" } }] });
    expect(got.result).toEqual({ waveUrn: "w1", name: "allocation/wave.persisted" });
    expect(got.ctx.step.waitForEvent).toHaveBeenCalledWith("wave", { event: "allocation/wave.persisted", timeout: "1h", match: "data.caseUrn" });
    const none = await withWait(null).execute({ events: [{ name: "test/await-wave", data: { caseUrn: "c1" } }] });
    expect(none.result).toBe("timed out");
  });

  it("declares cancelOn as Inngest's cancel expression (config only: @inngest/test cannot cancel a run)", () => {
    const [config] = toInngestFunction(client, sleeper)["getConfig"]({ baseUrl: new URL("http://localhost/api/inngest"), appPrefix: "jobs-test" });
    expect(config.cancel).toEqual([{ event: "test/case-closed", if: "event.data.caseUrn == async.data.caseUrn" }]);
  });
});

describe("waitForEvent and cancelOn under the embedded runner", () => {
  let database: Database;
  beforeAll(async () => {
    database = await testDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  it("waitForEvent gets the first matching event emitted after the wait began, or null after the timeout", async () => {
    const clock = manualClock();
    const runner = createRunner({ db: database.db, jobs: [waiter], clock });
    // emitted before anyone waits: not seen
    await enqueue(database.db, "allocation/wave.persisted", { tenant: "AF", caseUrn: "c1", waveUrn: "too-early" });
    await enqueue(database.db, "test/await-wave", { caseUrn: "c1" });
    await enqueue(database.db, "test/await-wave", { caseUrn: "c2" });
    await runner.tick();
    expect((await runsOf(database.db, "t-waiter")).map((r) => r.status)).toEqual(["SLEEPING", "SLEEPING"]);
    const [first] = await runsOf(database.db, "t-waiter");
    expect(await stepsOf(database.db, first.id)).toMatchObject([{ stepId: "wave", op: "waitForEvent", status: "WAITING", waitEvent: "allocation/wave.persisted", waitMatch: "data.caseUrn", waitValue: "c1" }]);

    await new Promise((r) => setTimeout(r, 5)); // created_at of the events must follow the waits'
    await enqueue(database.db, "allocation/wave.persisted", { tenant: "AF", caseUrn: "c9", waveUrn: "other-case" });
    await enqueue(database.db, "allocation/wave.persisted", { tenant: "AF", caseUrn: "c1", waveUrn: "w1" });
    await enqueue(database.db, "allocation/wave.persisted", { tenant: "AF", caseUrn: "c1", waveUrn: "w1-later" });
    await runner.tick(); // no time passes: the event itself makes the run due
    let runs = await runsOf(database.db, "t-waiter");
    expect(runs.map((r) => [r.status, r.output])).toEqual([
      ["COMPLETED", { waveUrn: "w1", name: "allocation/wave.persisted" }],
      ["SLEEPING", null],
    ]);

    clock.advance(HOUR);
    await runner.tick();
    runs = await runsOf(database.db, "t-waiter");
    expect(runs[1]).toMatchObject({ status: "COMPLETED", output: "timed out" });
    // an event that woke a wait counts as handled; the others had no one
    const events = await database.db.select().from(jobEvents).where(eq(jobEvents.name, "allocation/wave.persisted")).orderBy(jobEvents.id);
    expect(events.map((e) => [e.data.waveUrn, e.status])).toEqual([
      ["too-early", "NO_SUBSCRIBER"],
      ["other-case", "NO_SUBSCRIBER"],
      ["w1", "DISPATCHED"],
      ["w1-later", "NO_SUBSCRIBER"],
    ]);
  });

  it("cancels a sleeping run when a matching event arrives, and only that run", async () => {
    const clock = manualClock();
    const runner = createRunner({ db: database.db, jobs: [sleeper], clock });
    await enqueue(database.db, "test/remind", { caseUrn: "a" });
    await enqueue(database.db, "test/remind", { caseUrn: "b" });
    await runner.tick();
    expect((await runsOf(database.db, "t-cancellable")).map((r) => r.status)).toEqual(["SLEEPING", "SLEEPING"]);

    await enqueue(database.db, "test/case-closed", { caseUrn: "a" });
    await runner.tick();
    clock.advance(24 * HOUR);
    await runner.tick();
    const [a, b] = await runsOf(database.db, "t-cancellable");
    expect(a).toMatchObject({ status: "CANCELLED", output: null, error: { name: "Cancelled" } });
    expect(a.endedAt).not.toBeNull();
    expect(b).toMatchObject({ status: "COMPLETED", output: "reminded" });
    // a later run of the same case is not cancelled by the earlier event
    await enqueue(database.db, "test/remind", { caseUrn: "a" });
    await runner.tick();
    expect((await runsOf(database.db, "t-cancellable"))[2].status).toBe("SLEEPING");
  });
});
