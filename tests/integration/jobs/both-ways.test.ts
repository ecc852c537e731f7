import { InngestTestEngine } from "@inngest/test";
import { Inngest } from "inngest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/db/client";
import { toInngestFunction } from "@/inngest/adapter";
import { NonRetriableError } from "@/lib/jobs/define";
import { createRunner } from "@/lib/jobs/runner";
import { testDatabase } from "@/tests/helpers/db";
import { defineTestJob, enqueue, manualClock, onlyRun, runsOf } from "./helpers";

/** One definition, run by Inngest's own executor (through the adapter) and by the embedded runner. */
const quoteJob = defineTestJob({
  id: "t-both-ways",
  event: "test/both-ways",
  handler: async ({ event, step }) => {
    const quote = await step.run("quote", () => ({ total: Number(event.data.nights) * 100 }));
    await step.sleep("cool-off", "10m");
    const sent = await step.sendEvent("notify", { name: "test/quoted", data: { total: quote.total } });
    return { total: quote.total, sent: sent.ids.length };
  },
});

const typedJob = defineTestJob({
  id: "t-both-typed",
  event: "case/created",
  handler: async ({ event }) => event.data.caseUrn,
});

const refusing = defineTestJob({
  id: "t-both-refusing",
  event: "test/refusing",
  retries: 4,
  handler: async () => {
    throw new NonRetriableError("no hotel contract for this airport");
  },
});

const client = new Inngest({ id: "jobs-test" });

describe("under Inngest, through the adapter", () => {
  it("runs the definition's steps with Inngest's step tools", async () => {
    // a fresh engine per call (STACK.md); sleep and sendEvent are mocked by step id
    const t = new InngestTestEngine({ function: toInngestFunction(client, quoteJob) });
    const { result, ctx } = await t.execute({
      events: [{ name: "test/both-ways", data: { nights: 2 } }],
      steps: [
        { id: "cool-off", handler: () => undefined },
        { id: "notify", handler: () => ({ ids: ["evt-1"] }) },
      ],
    });
    expect(result).toEqual({ total: 200, sent: 1 });
    expect(ctx.step.sleep).toHaveBeenCalledWith("cool-off", "10m");
    expect(ctx.step.sendEvent).toHaveBeenCalledWith("notify", { name: "test/quoted", data: { total: 200 } });
  });

  it("checks event data against the event schema", async () => {
    const ok = await new InngestTestEngine({ function: toInngestFunction(client, typedJob) }).execute({
      events: [{ name: "case/created", data: { tenant: "AB", caseUrn: "urn:svc:case:1" } }],
    });
    expect(ok.result).toBe("urn:svc:case:1");
    const bad = await new InngestTestEngine({ function: toInngestFunction(client, typedJob) }).execute({
      events: [{ name: "case/created", data: { tenant: "AB" } }],
    });
    expect(bad.error).toMatchObject({ name: "NonRetriableError" });
  });

  it("passes NonRetriableError through to Inngest", async () => {
    const { error } = await new InngestTestEngine({ function: toInngestFunction(client, refusing) }).execute({
      events: [{ name: "test/refusing", data: {} }],
    });
    expect(error).toMatchObject({ name: "NonRetriableError", message: "no hotel contract for this airport" });
  });

  it("declares retries, concurrency and the trigger on the Inngest function", () => {
    const job = defineTestJob({ id: "t-config", event: "test/config", retries: 5, concurrency: { limit: 1, key: "event.data.caseUrn" }, handler: () => null });
    const [config] = toInngestFunction(client, job)["getConfig"]({ baseUrl: new URL("http://localhost/api/inngest"), appPrefix: "jobs-test" });
    expect(config).toMatchObject({
      id: "jobs-test-t-config",
      triggers: [{ event: "test/config" }],
      concurrency: { limit: 1, key: "event.data.caseUrn" },
      steps: { step: { retries: { attempts: 5 } } },
    });
  });
});

describe("under the embedded runner", () => {
  let database: Database;
  beforeAll(async () => {
    database = await testDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  it("gives the same result from the same definition", async () => {
    const clock = manualClock();
    const runner = createRunner({ db: database.db, jobs: [quoteJob, refusing], clock });
    await enqueue(database.db, "test/both-ways", { nights: 2 });
    await enqueue(database.db, "test/refusing");
    await runner.tick();
    expect((await onlyRun(database.db, "t-both-ways")).status).toBe("SLEEPING");
    clock.advance(600_000);
    await runner.tick();
    expect(await onlyRun(database.db, "t-both-ways")).toMatchObject({ status: "COMPLETED", output: { total: 200, sent: 1 } });
    expect(await runsOf(database.db, "t-both-refusing")).toMatchObject([{ status: "FAILED", attempt: 0, error: { name: "NonRetriableError" } }]);
  });
});
