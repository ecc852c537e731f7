import { Inngest } from "inngest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/db/client";
import { toInngestFunction } from "@/inngest/adapter";
import { manualClock } from "@/lib/jobs/clock";
import { dispatchEvents } from "@/lib/jobs/dispatch";
import { createRunner } from "@/lib/jobs/runner";
import { testDatabase } from "@/tests/helpers/db";
import { defineTestJob, enqueue } from "./helpers";

let database: Database;
beforeAll(async () => {
  database = await testDatabase();
});
afterAll(async () => {
  await database?.close();
});

describe("priority (Inngest's priority.run)", () => {
  const order: string[] = [];
  const chores = defineTestJob({ id: "t-chores", event: "test/chores", handler: async ({ event }) => void order.push(`chore-${event.data.n}`) });
  const urgent = defineTestJob({ id: "t-urgent", event: "test/urgent", priority: 300, handler: async ({ event }) => void order.push(`urgent-${event.data.n}`) });

  it("the embedded runner takes a prioritized run ahead of earlier-due ones, one at a time", async () => {
    for (let n = 0; n < 5; n++) await enqueue(database.db, "test/chores", { n });
    await enqueue(database.db, "test/urgent", { n: 0 });
    const runner = createRunner({ db: database.db, jobs: [chores, urgent], concurrency: 1 });
    await runner.tick();
    expect(order[0]).toBe("urgent-0");
    expect(order.slice(1)).toEqual(["chore-0", "chore-1", "chore-2", "chore-3", "chore-4"]);
  });

  it("a prioritized run woken from a sleep keeps its priority: it goes before runs made while it slept, and not before it wakes", async () => {
    const seen: string[] = [];
    const waking = defineTestJob({
      id: "t-waking",
      event: "test/waking",
      priority: 300,
      handler: async ({ step }) => {
        await step.sleep("breathe", "5s");
        await step.run("after", () => void seen.push("woken"));
      },
    });
    const later = defineTestJob({ id: "t-later", event: "test/later", handler: async ({ event }) => void seen.push(`later-${event.data.n}`) });
    const clock = manualClock();
    const runner = createRunner({ db: database.db, jobs: [waking, later], concurrency: 1, clock });
    await enqueue(database.db, "test/waking", {});
    await runner.tick(); // runs to its sleep
    clock.advance(1_000);
    // still asleep: its priority does not end the sleep early, the others run meanwhile
    await enqueue(database.db, "test/later", { n: 0 });
    await runner.tick();
    expect(seen).toEqual(["later-0"]);
    // made while it slept (due then, not yet run): once it wakes it goes first all the same
    for (let n = 1; n <= 3; n++) await enqueue(database.db, "test/later", { n });
    await dispatchEvents(database.db, [waking, later], new Date(clock.now()));
    clock.advance(5_000);
    await runner.tick();
    expect(seen).toEqual(["later-0", "woken", "later-1", "later-2", "later-3"]);
  });

  it("is declared on the Inngest function, and refused out of Inngest's range", () => {
    const [config] = toInngestFunction(new Inngest({ id: "jobs-test" }), urgent)["getConfig"]({ baseUrl: new URL("http://localhost/api/inngest"), appPrefix: "jobs-test" });
    expect(config).toMatchObject({ priority: { run: "300" } });
    expect(() => defineTestJob({ id: "t-too-urgent", event: "test/x", priority: 601, handler: () => null })).toThrow(/priority/);
  });
});
