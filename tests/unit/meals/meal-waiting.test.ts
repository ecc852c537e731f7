import { describe, expect, it } from "vitest";
import { waitingMealWords } from "@/components/meals/meal-waiting";

// the cancelled departure: 19:05 Paris; meals every 6 h until the next flight
const scheduledDeparture = "2026-11-24T18:05:00Z";
const voucher = (passengerId: string, seq: number, owedFrom: string, status = "PENDING", lastError: string | null = null) => ({ passengerId, seq, owedFrom, status: status as "PENDING", lastError });

describe("why meal vouchers wait and when they fall due", () => {
  const items = [
    voucher("P1", 1, "2026-11-24T18:05:00Z"),
    voucher("P2", 1, "2026-11-24T18:05:00Z", "PENDING", "no meal voucher issuer configured"),
    voucher("P1", 2, "2026-11-25T00:05:00Z"),
    voucher("P2", 2, "2026-11-25T00:05:00Z"),
    voucher("P3", 1, "2026-11-24T18:05:00Z", "ISSUED"),
  ];

  it("names the due ones and why they are not issued, and the later ones by airport time with their rule", () => {
    expect(waitingMealWords(items, { now: new Date("2026-11-24T20:00:00Z"), zone: "Europe/Paris", scheduledDeparture })).toEqual([
      "1 due now, being issued",
      "1 due now, not issued: no meal voucher issuer configured",
      "2 due Wed 25 Nov 01:05 CET (meal 2: one every 6 h until the next flight)",
    ]);
  });

  it("before the wait the right to care sets, the first meal is due later, and says after how long", () => {
    const first = [voucher("P1", 1, "2026-11-24T20:05:00Z"), voucher("P2", 1, "2026-11-24T20:05:00Z")];
    expect(waitingMealWords(first, { now: new Date("2026-11-24T19:00:00Z"), zone: "Europe/Paris", scheduledDeparture })).toEqual([
      "2 due Tue 24 Nov 21:05 CET (the first meal: owed 2 h after the scheduled departure)",
    ]);
  });

  it("says nothing when nothing waits", () => {
    expect(waitingMealWords([voucher("P3", 1, "2026-11-24T18:05:00Z", "ISSUED")], { now: new Date("2026-11-24T20:00:00Z"), zone: "Europe/Paris", scheduledDeparture })).toEqual([]);
  });
});
