import { describe, expect, it } from "vitest";
import { factsFor } from "./build";

describe("careFacts", () => {
  it("estimates the block time at 800 km/h plus 30 min and rounds the great-circle distance", () => {
    const f = factsFor({ from: "CDG", to: "JFK", departs: "2026-03-10T17:05:00Z", next: null });
    expect(f.distanceKm).toBeGreaterThan(5800);
    expect(f.distanceKm).toBeLessThan(5870);
    expect(Number.isInteger(f.distanceKm)).toBe(true);
    expect(Math.abs(f.blockMinutes - ((f.distanceKm / 800) * 60 + 30))).toBeLessThanOrEqual(1);
  });

  it("measures the wait from the scheduled departure to the next one, in minutes", () => {
    expect(factsFor({ from: "CDG", to: "LIS", departs: "2026-03-10T10:00:00Z", next: "2026-03-10T12:29:00Z", kind: "DELAY" }).waitMinutes).toBe(149);
  });

  it("an overnight stay as the case's stay says: a later local day, or a disruption before 05:00", () => {
    expect(factsFor({ from: "CDG", to: "JFK", departs: "2026-03-10T17:05:00Z", next: "2026-03-10T21:30:00Z" }).overnight).toBe(false);
    expect(factsFor({ from: "CDG", to: "JFK", departs: "2026-03-10T17:05:00Z", next: "2026-03-10T23:30:00Z" }).overnight).toBe(true); // 00:30 in Paris
    expect(factsFor({ from: "CDG", to: "JFK", departs: "2026-03-10T02:00:00Z", next: "2026-03-10T06:00:00Z" }).overnight).toBe(true); // 03:00 in Paris
  });

  it("an unknown next departure leaves the wait and the night unknown (null)", () => {
    expect(factsFor({ from: "CDG", to: "JFK", departs: "2026-03-10T17:05:00Z", next: null })).toMatchObject({ waitMinutes: null, overnight: null, nextDeparture: null });
  });

  it("reads the departure's local hour at the origin", () => {
    expect(factsFor({ from: "DEL", to: "BOM", departs: "2026-03-10T21:00:00Z", next: null }).localDepartureHour).toBe(2);
    expect(factsFor({ from: "ORD", to: "DEN", departs: "2026-03-11T01:00:00Z", next: null }).localDepartureHour).toBe(20);
  });
});
