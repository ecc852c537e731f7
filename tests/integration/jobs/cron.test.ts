import { InngestTestEngine } from "@inngest/test";
import { Inngest } from "inngest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/db/client";
import { jobSchedules } from "@/db/schema";
import { toInngestFunction } from "@/inngest/adapter";
import { createRunner } from "@/lib/jobs/runner";
import { fireDueTicks } from "@/lib/jobs/schedule";
import { testDatabase } from "@/tests/helpers/db";
import { defineTestJob, manualClock, runsOf } from "./helpers";

const PARIS_MONDAY_6 = "TZ=Europe/Paris 0 6 * * 1";
const weekly = defineTestJob({
  id: "t-weekly",
  cron: PARIS_MONDAY_6,
  handler: async ({ event, step }) => step.run("report", () => ({ cron: event.data.cron })),
});

describe("cron under Inngest, through the adapter", () => {
  const client = new Inngest({ id: "jobs-test" });

  it("declares the cron trigger with its time zone (config the Inngest server schedules from)", () => {
    const [config] = toInngestFunction(client, weekly)["getConfig"]({ baseUrl: new URL("http://localhost/api/inngest"), appPrefix: "jobs-test" });
    expect(config.triggers).toEqual([{ cron: PARIS_MONDAY_6 }]);
  });

  it("runs the handler on Inngest's scheduled-timer event (executed by @inngest/test)", async () => {
    const { result } = await new InngestTestEngine({ function: toInngestFunction(client, weekly) }).execute({
      events: [{ name: "inngest/scheduled.timer", data: { cron: PARIS_MONDAY_6 } }],
    });
    expect(result).toEqual({ cron: PARIS_MONDAY_6 });
  });
});

describe("cron under the embedded runner", () => {
  let database: Database;
  beforeAll(async () => {
    database = await testDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  it("fires at 06:00 Paris on Mondays, in winter and summer time, once per tick", async () => {
    const clock = manualClock(new Date("2026-03-21T12:00:00Z")); // a Saturday
    const runner = createRunner({ db: database.db, jobs: [weekly], clock });
    expect((await runner.tick()).executed).toBe(0);
    const [schedule] = await database.db.select().from(jobSchedules);
    expect(schedule).toMatchObject({ functionId: "t-weekly", cron: PARIS_MONDAY_6, nextAt: new Date("2026-03-23T05:00:00Z") });

    clock.set(new Date("2026-03-23T04:59:59Z"));
    expect((await runner.tick()).executed).toBe(0);
    clock.set(new Date("2026-03-23T05:00:00Z"));
    await runner.tick();
    clock.set(new Date("2026-03-30T04:00:00Z")); // summer time: 06:00 Paris is 04:00 UTC
    await runner.tick();
    await runner.tick();
    const runs = await runsOf(database.db, "t-weekly");
    expect(runs.map((r) => [r.eventId, r.status, r.output])).toEqual([
      ["cron:t-weekly:2026-03-23T05:00:00.000Z", "COMPLETED", { cron: PARIS_MONDAY_6 }],
      ["cron:t-weekly:2026-03-30T04:00:00.000Z", "COMPLETED", { cron: PARIS_MONDAY_6 }],
    ]);
  });

  it("never fires one tick twice when two processes look at once", async () => {
    const job = defineTestJob({ id: "t-hourly", cron: "0 * * * *", handler: () => "tick" });
    const clock = manualClock(new Date("2026-05-01T09:30:00Z"));
    const a = createRunner({ db: database.db, jobs: [job], clock, workerId: "a" });
    const b = createRunner({ db: database.db, jobs: [job], clock, workerId: "b" });
    await Promise.all([a.dispatch(), b.dispatch()]);
    clock.set(new Date("2026-05-01T10:00:00Z"));
    const fired = await Promise.all([a.dispatch(), b.dispatch(), fireDueTicks(database.db, [job], new Date(clock.now()))]);
    expect(fired.reduce((x, y) => x + y, 0)).toBe(1);
    // three hours missed while nothing ran: one catch-up tick, then the schedule moves past now
    clock.set(new Date("2026-05-01T13:30:00Z"));
    expect((await Promise.all([a.dispatch(), b.dispatch()])).reduce((x, y) => x + y, 0)).toBe(1);
    await a.tick();
    expect((await runsOf(database.db, "t-hourly")).map((r) => [r.eventId, r.status])).toEqual([
      ["cron:t-hourly:2026-05-01T10:00:00.000Z", "COMPLETED"],
      ["cron:t-hourly:2026-05-01T11:00:00.000Z", "COMPLETED"],
    ]);
  });
});
