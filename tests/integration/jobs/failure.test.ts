import { InngestTestEngine } from "@inngest/test";
import { eq } from "drizzle-orm";
import { Inngest } from "inngest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/db/client";
import { jobEvents } from "@/db/schema";
import { failureHandler, toInngestFunction } from "@/inngest/adapter";
import { NonRetriableError } from "@/lib/jobs/define";
import { createRunner } from "@/lib/jobs/runner";
import { testDatabase } from "@/tests/helpers/db";
import { defineTestJob, enqueue, manualClock, onlyRun, runsOf, stepsOf } from "./helpers";

const failures: { caseUrn: unknown; message: string; failedRunId: string }[] = [];
const doomed = defineTestJob({
  id: "t-doomed",
  event: "test/doomed",
  retries: 2,
  handler: async ({ step }) => step.run("book", () => Promise.reject(new Error("provider down"))),
  onFailure: async ({ event, error, step, failedRunId }) => {
    await step.run("escalate", () => failures.push({ caseUrn: event.data.caseUrn, message: error.message, failedRunId }));
  },
});

let slowCalls = 0;
const slow = defineTestJob({
  id: "t-slow-step",
  event: "test/slow-step",
  retries: 1,
  stepTimeout: "5s",
  handler: async ({ step }) =>
    step.run(
      "quote",
      async () => {
        // the first attempt hangs past its timeout, the retry answers at once
        if (++slowCalls === 1) await new Promise((r) => setTimeout(r, 400));
        return "quoted";
      },
      { timeout: 100 },
    ),
});

describe("onFailure and step timeouts under Inngest, through the adapter", () => {
  const client = new Inngest({ id: "jobs-test" });

  it("declares the failure function Inngest triggers on function.failed of this function (config)", () => {
    const configs = toInngestFunction(client, doomed)["getConfig"]({ baseUrl: new URL("http://localhost/api/inngest"), appPrefix: "jobs-test" });
    expect(configs).toHaveLength(2);
    expect(configs[1]).toMatchObject({
      id: "jobs-test-t-doomed-failure",
      triggers: [{ event: "inngest/function.failed", expression: "event.data.function_id == 'jobs-test-t-doomed'" }],
    });
  });

  it("runs the job's onFailure on Inngest's function.failed event (the failure handler executed by @inngest/test, which cannot reach onFailure itself)", async () => {
    failures.length = 0;
    const fn = client.createFunction({ id: "t-doomed-failure", triggers: [{ event: "inngest/function.failed" }] }, failureHandler(doomed) as never);
    const { error } = await new InngestTestEngine({ function: fn }).execute({
      events: [
        {
          name: "inngest/function.failed",
          data: { function_id: "jobs-test-t-doomed", run_id: "run-1", error: { name: "Error", message: "provider down" }, event: { name: "test/doomed", data: { caseUrn: "c7" }, id: "e1", ts: 1 } },
        },
      ],
    });
    expect(error).toBeUndefined();
    expect(failures).toEqual([{ caseUrn: "c7", message: "provider down", failedRunId: "run-1" }]);
  });

  it("fails a step attempt that exceeds its timeout (executed by @inngest/test: step.run runs for real)", async () => {
    slowCalls = 0;
    const { error } = await new InngestTestEngine({ function: toInngestFunction(client, slow) }).execute({ events: [{ name: "test/slow-step", data: {} }] });
    expect(error).toMatchObject({ name: "StepTimeoutError", message: "step quote did not finish within 100 ms" });
    expect(slowCalls).toBe(1);
  });
});

describe("onFailure and step timeouts under the embedded runner", () => {
  let database: Database;
  beforeAll(async () => {
    database = await testDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  it("runs onFailure once, as its own run, after the last retry failed, and not before", async () => {
    failures.length = 0;
    const clock = manualClock();
    const runner = createRunner({ db: database.db, jobs: [doomed], clock, retryBaseMs: 1000 });
    await enqueue(database.db, "test/doomed", { caseUrn: "c1" });
    for (let i = 0; i < 2; i++) {
      await runner.tick();
      expect((await onlyRun(database.db, "t-doomed")).status).toBe("RETRYING");
      expect(failures).toEqual([]); // retries still to come: not a failure yet
      clock.advance(10_000);
    }
    await runner.tick();
    const run = await onlyRun(database.db, "t-doomed");
    expect(run).toMatchObject({ status: "FAILED", error: { message: "provider down" } });
    expect(failures).toEqual([{ caseUrn: "c1", message: "provider down", failedRunId: run.id }]);
    const handler = await onlyRun(database.db, "t-doomed-failure");
    expect(handler).toMatchObject({ status: "COMPLETED", eventName: "inngest/function.failed" });
    expect((await stepsOf(database.db, handler.id)).map((s) => s.stepId)).toEqual(["escalate"]);
    const [event] = await database.db.select().from(jobEvents).where(eq(jobEvents.id, handler.eventId));
    expect(event).toMatchObject({ status: "DISPATCHED", startedFunctions: ["t-doomed-failure"], data: { function_id: "t-doomed", run_id: run.id } });
  });

  it("runs onFailure after a NonRetriableError, and not for a run that succeeds", async () => {
    const seen: string[] = [];
    const refusing = defineTestJob({
      id: "t-refusing-failure",
      event: "test/refusing-failure",
      handler: ({ event }) => {
        if (event.data.fail) throw new NonRetriableError("no contract");
        return "ok";
      },
      onFailure: ({ error }) => void seen.push(error.message),
    });
    const runner = createRunner({ db: database.db, jobs: [refusing] });
    await enqueue(database.db, "test/refusing-failure", { fail: true });
    await enqueue(database.db, "test/refusing-failure", { fail: false });
    await runner.tick();
    expect((await runsOf(database.db, "t-refusing-failure")).map((r) => r.status)).toEqual(["FAILED", "COMPLETED"]);
    expect(seen).toEqual(["no contract"]);
    expect(await runsOf(database.db, "t-refusing-failure-failure")).toHaveLength(1);
  });

  it("fails a step attempt that exceeds its timeout, and the retry completes", async () => {
    slowCalls = 0;
    const clock = manualClock();
    const runner = createRunner({ db: database.db, jobs: [slow], clock, retryBaseMs: 1000 });
    await enqueue(database.db, "test/slow-step");
    await runner.tick();
    let run = await onlyRun(database.db, "t-slow-step");
    expect(run).toMatchObject({ status: "RETRYING", error: { name: "StepTimeoutError", message: "step quote did not finish within 100 ms" } });
    clock.advance(1000);
    await runner.tick();
    run = await onlyRun(database.db, "t-slow-step");
    expect(run).toMatchObject({ status: "COMPLETED", output: "quoted" });
    expect(slowCalls).toBe(2);
  });
});
