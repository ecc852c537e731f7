import { Inngest } from "inngest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/db/client";
import { toInngestFunction } from "@/inngest/adapter";
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

  it("is declared on the Inngest function, and refused out of Inngest's range", () => {
    const [config] = toInngestFunction(new Inngest({ id: "jobs-test" }), urgent)["getConfig"]({ baseUrl: new URL("http://localhost/api/inngest"), appPrefix: "jobs-test" });
    expect(config).toMatchObject({ priority: { run: "300" } });
    expect(() => defineTestJob({ id: "t-too-urgent", event: "test/x", priority: 601, handler: () => null })).toThrow(/priority/);
  });
});
