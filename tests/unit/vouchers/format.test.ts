import { describe, expect, it } from "vitest";
import { localMoment, nightsBetweenDates } from "@/lib/vouchers/local-time";
import { specialServiceInstructions } from "@/lib/vouchers/special-services";

describe("localMoment: the hotel's clock", () => {
  it("reads an instant in the hotel's time zone, across daylight-saving changes", () => {
    expect(localMoment(new Date("2026-11-21T18:05:00Z"), "Europe/Paris")).toEqual({ date: "2026-11-21", dateLabel: "Sat 21 Nov 2026", time: "19:05" });
    expect(localMoment(new Date("2026-07-01T18:05:00Z"), "Europe/Paris")).toEqual({ date: "2026-07-01", dateLabel: "Wed 1 Jul 2026", time: "20:05" });
    // past midnight locally: the next calendar day
    expect(localMoment(new Date("2026-11-21T23:30:00Z"), "Asia/Singapore")).toEqual({ date: "2026-11-22", dateLabel: "Sun 22 Nov 2026", time: "07:30" });
    expect(localMoment(new Date("2026-11-22T03:00:00Z"), "America/New_York").date).toBe("2026-11-21");
  });

  it("an unknown zone reads as UTC rather than failing the voucher", () => {
    expect(localMoment(new Date("2026-11-21T18:05:00Z"), "Mars/Olympus")).toEqual({ date: "2026-11-21", dateLabel: "Sat 21 Nov 2026", time: "18:05" });
  });

  it("counts at least one night", () => {
    expect(nightsBetweenDates("2026-11-21", "2026-11-22")).toBe(1);
    expect(nightsBetweenDates("2026-11-21", "2026-11-24")).toBe(3);
    expect(nightsBetweenDates("2026-11-21", "2026-11-21")).toBe(1);
  });
});

describe("special service instructions", () => {
  it("one sentence per need in vocabulary order, with counts and no names", () => {
    const lines = specialServiceInstructions([["EARLY_CHECK_IN", "WHEELCHAIR"], ["WHEELCHAIR", "WHEELCHAIR"], ["CONNECTING_ROOMS"], []]);
    expect(lines).toEqual([
      "Accessibility: 2 wheelchair users. Provide wheelchair-accessible rooms with step-free access.",
      "Connecting rooms: the party travels together; give connecting or adjacent rooms.",
      "Early check-in: the party arrives before the standard check-in time; have the rooms ready.",
    ]);
    expect(specialServiceInstructions([[], []])).toEqual([]);
  });

  it("the same needs in another order give the same lines", () => {
    expect(specialServiceInstructions([["INFANT"], ["MEDICAL", "INFANT"]])).toEqual(specialServiceInstructions([["INFANT", "MEDICAL"], ["INFANT"]]));
  });
});
