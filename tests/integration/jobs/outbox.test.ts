import { eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/db/client";
import { jobEvents } from "@/db/schema";
import { dispatchToInngest, type EventSender } from "@/lib/outbox/dispatch-inngest";
import { configOf } from "@/lib/config";
import { jobMode } from "@/lib/config/job-mode";
import { getRun, listRuns } from "@/lib/jobs/queries";
import { createRunner } from "@/lib/jobs/runner";
import { testDatabase } from "@/tests/helpers/db";
import { defineTestJob, enqueue, runsOf } from "./helpers";

let database: Database;
beforeAll(async () => {
  database = await testDatabase();
});
afterAll(async () => {
  await database?.close();
});

describe("dispatch to the embedded runner", () => {
  const one = defineTestJob({ id: "t-fan-one", event: "test/fan", handler: () => 1 });
  const two = defineTestJob({ id: "t-fan-two", event: "test/fan", handler: () => 2 });

  it("starts one run per subscribed function, and a second dispatch of the same event starts nothing", async () => {
    const runner = createRunner({ db: database.db, jobs: [one, two] });
    const id = await enqueue(database.db, "test/fan", { tenant: "AB" });
    const unheard = await enqueue(database.db, "test/nobody-listens");
    expect(await runner.dispatch()).toBe(2);
    // each event says what it started; one nobody listens to is not passed off as done
    const [fan] = await database.db.select().from(jobEvents).where(eq(jobEvents.id, id));
    expect(fan).toMatchObject({ status: "DISPATCHED", startedFunctions: ["t-fan-one", "t-fan-two"] });
    const [nobody] = await database.db.select().from(jobEvents).where(eq(jobEvents.id, unheard));
    expect(nobody).toMatchObject({ status: "NO_SUBSCRIBER", startedFunctions: [] });
    expect(nobody.dispatchedAt).not.toBeNull();
    // as if the marking had been lost: the unique (event, function) index absorbs the repeat
    await database.db.update(jobEvents).set({ dispatchedAt: null }).where(eq(jobEvents.id, id));
    expect(await runner.dispatch()).toBe(1);
    expect(await runsOf(database.db, "t-fan-one")).toHaveLength(1);
    expect(await runsOf(database.db, "t-fan-two")).toMatchObject([{ status: "QUEUED", tenant: "AB", eventId: id }]);
    expect(await database.db.select().from(jobEvents).where(isNull(jobEvents.dispatchedAt))).toHaveLength(0);
  });
});

describe("dispatch to Inngest", () => {
  it("sends undispatched events with their outbox id, marks them, and keeps them when sending fails", async () => {
    const db = database.db;
    const ids = [await enqueue(db, "test/out", { n: 1 }), await enqueue(db, "test/out", { n: 2 })];
    const down: EventSender = { send: () => Promise.reject(new Error("connect ECONNREFUSED")) };
    await expect(dispatchToInngest(db, down)).rejects.toThrow("ECONNREFUSED");
    expect(await db.select().from(jobEvents).where(isNull(jobEvents.dispatchedAt))).toHaveLength(2);

    const sent: { id: string; name: string; data: Record<string, unknown> }[] = [];
    const up: EventSender = { send: async (events) => void sent.push(...events) };
    expect(await dispatchToInngest(db, up)).toBe(2);
    expect(sent.map((e) => [e.id, e.name, e.data])).toEqual([
      [ids[0], "test/out", { n: 1 }],
      [ids[1], "test/out", { n: 2 }],
    ]);
    expect(await dispatchToInngest(db, up)).toBe(0);
  });

  it("is chosen by the environment", () => {
    expect(jobMode(configOf({}))).toBe("embedded");
    expect(jobMode(configOf({ INNGEST_DEV: "0" }))).toBe("embedded");
    expect(jobMode(configOf({ INNGEST_DEV: "1" }))).toBe("inngest");
    expect(jobMode(configOf({ INNGEST_SIGNING_KEY: "signkey-prod-x" }))).toBe("inngest");
    expect(jobMode(configOf({ INNGEST_EVENT_KEY: "k" }))).toBe("inngest");
  });
});

describe("console queries", () => {
  const job = defineTestJob({
    id: "t-listed",
    event: "test/listed",
    handler: async ({ step, event }) => step.run("echo", () => event.data.n),
  });

  it("lists a tenant's runs newest first, page by page, and shows one with its steps and event", async () => {
    const runner = createRunner({ db: database.db, jobs: [job] });
    for (let n = 0; n < 5; n++) await enqueue(database.db, "test/listed", { tenant: n < 3 ? "XA" : "XB", n });
    await runner.tick();

    const page1 = await listRuns(database.db, { tenant: "XA", functionId: "t-listed", limit: 2 });
    expect(page1.items.map((r) => r.event.data)).toEqual([
      { tenant: "XA", n: 2 },
      { tenant: "XA", n: 1 },
    ]);
    const page2 = await listRuns(database.db, { tenant: "XA", functionId: "t-listed", limit: 2, cursor: page1.nextCursor! });
    expect(page2).toMatchObject({ items: [{ output: 0 }], nextCursor: null });
    expect((await listRuns(database.db, { tenant: null, functionId: "t-listed", status: "COMPLETED" })).items).toHaveLength(5);
    expect((await listRuns(database.db, { tenant: "XA", status: "FAILED" })).items).toHaveLength(0);

    const runId = page1.items[0].id;
    const detail = await getRun(database.db, runId, "XA");
    expect(detail).toMatchObject({ run: { id: runId, status: "COMPLETED" }, steps: [{ stepId: "echo", output: 2 }], event: { name: "test/listed" } });
    expect(await getRun(database.db, runId, "XB")).toBeNull();
  });
});
