import { describe, expect, it } from "vitest";
import { nextTick, parseCron } from "@/lib/jobs/cron";
import { defineJob } from "@/lib/jobs/define";

describe("cron schedules", () => {
  it("reads Inngest's TZ= prefix, UTC without it", () => {
    expect(parseCron("TZ=Europe/Paris 0 6 * * 1")).toEqual({ expression: "0 6 * * 1", tz: "Europe/Paris" });
    expect(parseCron("*/5 * * * *")).toEqual({ expression: "*/5 * * * *", tz: "UTC" });
  });

  it("keeps 06:00 Paris across the change to summer time", () => {
    // Monday 23 March 2026 is CET (UTC+1), Monday 30 March CEST (UTC+2)
    expect(nextTick("TZ=Europe/Paris 0 6 * * 1", new Date("2026-03-21T00:00:00Z")).toISOString()).toBe("2026-03-23T05:00:00.000Z");
    expect(nextTick("TZ=Europe/Paris 0 6 * * 1", new Date("2026-03-23T05:00:00Z")).toISOString()).toBe("2026-03-30T04:00:00.000Z");
    expect(nextTick("0 6 * * 1", new Date("2026-03-23T05:00:00Z")).toISOString()).toBe("2026-03-23T06:00:00.000Z");
  });

  it("refuses a bad schedule or zone when the job is defined", () => {
    expect(() => defineJob({ id: "bad-cron", cron: "61 * * * *", handler: () => null })).toThrow(/not valid/);
    expect(() => defineJob({ id: "bad-zone", cron: "TZ=Mars/Olympus 0 6 * * 1", handler: () => null })).toThrow(/not valid/);
    expect(defineJob({ id: "weekly", cron: "TZ=Europe/Paris 0 6 * * 1", handler: () => null })).toMatchObject({ event: "inngest/scheduled.timer", cron: "TZ=Europe/Paris 0 6 * * 1" });
  });
});
