import { Inngest } from "inngest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/db/client";
import { toInngestFunction } from "@/inngest/adapter";
import { caseCreatedLog } from "@/inngest/functions/case-created-log";
import { BACKGROUND, PASSENGER_FLOW } from "@/inngest/functions/lanes";
import { releaseChosenStay } from "@/inngest/functions/release-chosen-stay";
import { claimRuns } from "@/lib/jobs/claim";
import { dispatchEvents } from "@/lib/jobs/dispatch";
import { createRunner } from "@/lib/jobs/runner";
import { wakeDispatcher } from "@/lib/outbox/wake";
import { testDatabase } from "@/tests/helpers/db";
import { defineTestJob, enqueue, until } from "./helpers";

let database: Database;
beforeAll(async () => {
  database = await testDatabase();
});
afterAll(async () => {
  await database?.close();
});

describe("the passenger's lane keeps slots no background work can take", () => {
  it("a passenger's run arriving behind a backlog of background work starts at once, while the background holds what it may", async () => {
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    let running = 0;
    let most = 0;
    // 6 background functions × their 4 runs each could hold 24 slots, three times the worker's 8
    const chores = Array.from({ length: 6 }, (_, i) =>
      defineTestJob({
        ...BACKGROUND,
        id: `t-chore-${i}`,
        event: `test/chore-${i}`,
        handler: async () => {
          most = Math.max(most, ++running);
          await gate;
          running--;
        },
      }),
    );
    let passengerStarted = false;
    const passenger = defineTestJob({ ...PASSENGER_FLOW, id: "t-passenger", event: "test/passenger", handler: () => void (passengerStarted = true) });
    for (const chore of chores) for (let n = 0; n < 8; n++) await enqueue(database.db, chore.event, { n });
    const runner = createRunner({ db: database.db, jobs: [...chores, passenger], concurrency: 8, pollMs: 20 });
    runner.start();
    try {
      wakeDispatcher();
      await until(async () => running >= 6, 15_000, "the background backlog to start");
      // the backlog has had its chance to take every slot it is allowed
      await new Promise((r) => setTimeout(r, 300));
      await enqueue(database.db, "test/passenger", {});
      wakeDispatcher();
      await until(async () => passengerStarted, 5_000, "the passenger's run to start while the background runs hold their slots");
      // 8 slots, a quarter kept: the background lane never held more than 6 at once
      expect(most).toBe(6);
    } finally {
      open();
      await runner.stop();
    }
  });

  it("on Inngest, a background function names its own limit and the lane's shared ceiling (scope env)", () => {
    const chore = defineTestJob({ ...BACKGROUND, id: "t-chore-config", event: "test/chore-config", handler: () => null });
    const [config] = toInngestFunction(new Inngest({ id: "jobs-test" }), chore)["getConfig"]({ baseUrl: new URL("http://localhost/api/inngest"), appPrefix: "jobs-test" });
    expect(config.concurrency).toEqual([{ limit: 4 }, { key: '"background"', scope: "env", limit: 48 }]);
  });

  it("a passenger's choice of hotel is completed in the passenger's lane: taken ahead of background work due before it", async () => {
    for (let n = 0; n < 5; n++) await enqueue(database.db, "case/created", { tenant: "ZZ", caseUrn: `urn:svc:case:lane-${n}` });
    await enqueue(database.db, "passenger/hotel-chosen", { tenant: "ZZ", caseUrn: "urn:svc:case:lane-0", reservationUrn: "urn:svc:reservation:new", previousUrn: "urn:svc:reservation:old" });
    const jobs = new Map([caseCreatedLog, releaseChosenStay].map((j) => [j.id, j]));
    await dispatchEvents(database.db, [...jobs.values()], new Date());
    // the background lane full: only a run outside it may take the slot
    const [first] = await claimRuns(database.db, { jobs, workerId: "w-lane", leaseMs: 30_000, now: new Date(), limit: 1, shared: new Map([["background", 0]]) });
    expect(first?.run.functionId).toBe("release-chosen-stay");
  });
});
