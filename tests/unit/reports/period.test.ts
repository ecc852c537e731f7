import { describe, expect, it } from "vitest";
import { localParts, weekBefore, weekContaining, zonedMidnight } from "@/lib/reports/period";

describe("report weeks in a tenant's time zone", () => {
  it("a week runs Monday 00:00 to Monday 00:00 local, in UTC and across a DST change", () => {
    expect(weekContaining(new Date("2026-11-18T12:00:00Z"), "UTC")).toEqual({ from: new Date("2026-11-16T00:00:00Z"), to: new Date("2026-11-23T00:00:00Z") });
    // Paris leaves summer time on Sunday 2026-10-25: the week is 167 hours long
    const w = weekContaining(new Date("2026-10-21T12:00:00Z"), "Europe/Paris");
    expect(w).toEqual({ from: new Date("2026-10-18T22:00:00Z"), to: new Date("2026-10-25T23:00:00Z") });
    expect(zonedMidnight(2026, 2, 30, "America/New_York")).toEqual(new Date("2026-03-30T04:00:00Z"));
  });

  it("Sunday late evening UTC is already Monday in Tokyo: its week, and the one before", () => {
    const at = new Date("2026-11-22T22:00:00Z"); // Monday 07:00 in Tokyo
    expect(localParts(at, "Asia/Tokyo")).toMatchObject({ weekday: 1, hour: 7 });
    expect(weekContaining(at, "Asia/Tokyo").from).toEqual(new Date("2026-11-22T15:00:00Z"));
    expect(weekBefore(at, "Asia/Tokyo")).toEqual({ from: new Date("2026-11-15T15:00:00Z"), to: new Date("2026-11-22T15:00:00Z") });
  });
});
