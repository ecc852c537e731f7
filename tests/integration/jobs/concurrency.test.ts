import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/db/client";
import { createRunner } from "@/lib/jobs/runner";
import { wakeDispatcher } from "@/lib/outbox/wake";
import { testDatabase } from "@/tests/helpers/db";
import { countRuns, defineTestJob, enqueue, until } from "./helpers";

let database: Database;
beforeAll(async () => {
  database = await testDatabase();
});
afterAll(async () => {
  await database?.close();
});

describe("concurrency limit per key", () => {
  const active = new Map<string, number>();
  const maxActive = new Map<string, number>();
  let total = 0;
  let maxTotal = 0;
  const job = defineTestJob({
    id: "t-per-case",
    event: "test/per-case",
    concurrency: { limit: 1, key: "event.data.caseUrn" },
    handler: async ({ event, step }) => {
      const key = String(event.data.caseUrn);
      await step.run("work", async () => {
        active.set(key, (active.get(key) ?? 0) + 1);
        maxActive.set(key, Math.max(maxActive.get(key) ?? 0, active.get(key)!));
        maxTotal = Math.max(maxTotal, ++total);
        await new Promise((r) => setTimeout(r, 60));
        active.set(key, active.get(key)! - 1);
        total--;
      });
    },
  });

  it("never overlaps two runs of one key, across two workers, while different keys run together", async () => {
    const runners = ["w1", "w2"].map((workerId) => createRunner({ db: database.db, jobs: [job], workerId, pollMs: 10, concurrency: 4 }));
    for (let i = 0; i < 4; i++) {
      await enqueue(database.db, "test/per-case", { caseUrn: "case-a" });
      await enqueue(database.db, "test/per-case", { caseUrn: "case-b" });
      await enqueue(database.db, "test/per-case", { caseUrn: "case-c" });
    }
    runners.forEach((r) => r.start());
    wakeDispatcher();
    await until(async () => (await countRuns(database.db, "t-per-case", "COMPLETED")) === 12, 20_000, "12 runs");
    await Promise.all(runners.map((r) => r.stop()));
    expect([...maxActive.values()]).toEqual([1, 1, 1]);
    expect(maxTotal).toBeGreaterThan(1);
  });
});
