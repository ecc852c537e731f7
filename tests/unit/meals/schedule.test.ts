import { describe, expect, it } from "vitest";
import { mealSchedule } from "@/lib/meals/schedule";

const at = (iso: string) => new Date(iso);
const times = (s: ReturnType<typeof mealSchedule>) => s.map((m) => [m.seq, m.owedFrom.toISOString()]);

describe("mealSchedule", () => {
  const dep = at("2026-11-21T18:05:00Z");

  it("owes a meal every interval from the first, while it falls before the next departure", () => {
    const s = mealSchedule({ scheduledDeparture: dep, fromMinutes: 0, everyMinutes: 360, nextDeparture: at("2026-11-22T09:30:00Z") });
    expect(times(s)).toEqual([
      [1, "2026-11-21T18:05:00.000Z"],
      [2, "2026-11-22T00:05:00.000Z"],
      [3, "2026-11-22T06:05:00.000Z"],
    ]);
    // each valid until the next is owed; the last until the next departure
    expect(s.map((m) => m.validUntil.toISOString())).toEqual(["2026-11-22T00:05:00.000Z", "2026-11-22T06:05:00.000Z", "2026-11-22T09:30:00.000Z"]);
  });

  it("starts at the entitlement's fromMinutes (a delay's 2 h)", () => {
    const s = mealSchedule({ scheduledDeparture: dep, fromMinutes: 120, everyMinutes: 180, nextDeparture: at("2026-11-22T01:00:00Z") });
    expect(times(s)).toEqual([
      [1, "2026-11-21T20:05:00.000Z"],
      [2, "2026-11-21T23:05:00.000Z"],
    ]);
  });

  it("a meal owed exactly at the next departure is not owed; the first always is", () => {
    expect(mealSchedule({ scheduledDeparture: dep, fromMinutes: 0, everyMinutes: 360, nextDeparture: at("2026-11-22T00:05:00Z") })).toHaveLength(1);
    expect(mealSchedule({ scheduledDeparture: dep, fromMinutes: 0, everyMinutes: 360, nextDeparture: at("2026-11-22T00:05:01Z") })).toHaveLength(2);
    const short = mealSchedule({ scheduledDeparture: dep, fromMinutes: 180, everyMinutes: 360, nextDeparture: at("2026-11-21T19:00:00Z") });
    expect(times(short)).toEqual([[1, "2026-11-21T21:05:00.000Z"]]);
    // valid at least an hour
    expect(short[0].validUntil.getTime() - short[0].owedFrom.getTime()).toBe(3600_000);
  });

  it("only the first while the next departure is not known", () => {
    expect(times(mealSchedule({ scheduledDeparture: dep, fromMinutes: 0, everyMinutes: 60, nextDeparture: null }))).toEqual([[1, "2026-11-21T18:05:00.000Z"]]);
  });

  it("is bounded however far the next departure", () => {
    expect(mealSchedule({ scheduledDeparture: dep, fromMinutes: 0, everyMinutes: 60, nextDeparture: at("2026-12-21T00:00:00Z") })).toHaveLength(12);
  });
});
