import { describe, expect, it } from "vitest";
import { NewCase } from "@/lib/cases/inputs";
import { DrillSpec, generateManifest, tierCounts } from "@/lib/drills/generate";
import { TIERS } from "@/lib/vocabulary";

const spec = (over: Record<string, unknown> = {}) =>
  DrillSpec.parse({
    passengers: 300,
    airport: "LHR",
    tierMix: { FIRST: 2, BUSINESS: 13, PREMIUM_ECONOMY: 10, ECONOMY: 70, CREW: 5 },
    departure: "2026-11-21T15:00:00Z",
    nextFlight: "2026-11-22T09:30:00Z",
    seed: 42,
    ...over,
  });

const byTier = (m: ReturnType<typeof generateManifest>) => {
  const out = Object.fromEntries(TIERS.map((t) => [t, 0]));
  for (const g of m.passengerGroups) for (const p of g.passengers) out[p.tier] += 1;
  return out;
};

describe("drill manifest generator", () => {
  it("is deterministic: the same spec gives the same manifest, another seed another one", () => {
    expect(generateManifest(spec())).toEqual(generateManifest(spec()));
    expect(generateManifest(spec({ seed: 43 }))).not.toEqual(generateManifest(spec()));
  });

  it("has exactly the size asked, split by the tier mix", () => {
    const m = generateManifest(spec());
    expect(m.passengerGroups.flatMap((g) => g.passengers)).toHaveLength(300);
    expect(byTier(m)).toEqual({ FIRST: 6, BUSINESS: 39, PREMIUM_ECONOMY: 30, ECONOMY: 210, CREW: 15 });
  });

  it("hands out remainders so the counts always add up, never to a tier at 0%", () => {
    const mix = { FIRST: 33, BUSINESS: 33, PREMIUM_ECONOMY: 0, ECONOMY: 34, CREW: 0 };
    for (const size of [1, 2, 7, 101, 999]) {
      const c = tierCounts(size, mix);
      expect(Object.values(c).reduce((a, b) => a + b, 0)).toBe(size);
      expect(c.PREMIUM_ECONOMY).toBe(0);
      expect(c.CREW).toBe(0);
    }
    const m = generateManifest(spec({ passengers: 7, tierMix: { FIRST: 0, BUSINESS: 0, PREMIUM_ECONOMY: 0, ECONOMY: 100, CREW: 0 } }));
    expect(byTier(m)).toMatchObject({ ECONOMY: 7, FIRST: 0, CREW: 0 });
  });

  it("makes realistic single-tier booking records, some wheelchairs, unique ids, and a manifest POST /cases accepts", () => {
    const m = generateManifest(spec({ passengers: 1000 }));
    const sizes = m.passengerGroups.map((g) => g.passengers.length);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(6);
    expect(sizes.filter((s) => s === 1).length).toBeGreaterThan(sizes.length / 3);
    expect(sizes.some((s) => s >= 3)).toBe(true);
    for (const g of m.passengerGroups) expect(new Set(g.passengers.map((p) => p.tier)).size).toBe(1);
    const all = m.passengerGroups.flatMap((g) => g.passengers);
    const wheelchairs = all.filter((p) => p.specialNeeds.includes("WHEELCHAIR"));
    expect(wheelchairs.length).toBeGreaterThan(0);
    expect(wheelchairs.length).toBeLessThan(60);
    expect(new Set(all.map((p) => p.id)).size).toBe(all.length);
    expect(new Set(m.passengerGroups.map((g) => g.pnr)).size).toBe(m.passengerGroups.length);
    expect(all.every((p) => p.email.endsWith("@drill.example"))).toBe(true);
    expect(m.flight).toMatchObject({ origin: "LHR", status: "CANCELLED", scheduledDeparture: "2026-11-21T15:00:00Z" });
    expect(m.flight.destination).not.toBe("LHR");
    expect(NewCase.safeParse({ ...m, mode: "DRILL" }).success).toBe(true);
  });

  it("a small drill still has a wheelchair user", () => {
    const m = generateManifest(spec({ passengers: 10, tierMix: { FIRST: 0, BUSINESS: 0, PREMIUM_ECONOMY: 0, ECONOMY: 100, CREW: 0 } }));
    expect(m.passengerGroups.flatMap((g) => g.passengers).filter((p) => p.specialNeeds.includes("WHEELCHAIR")).length).toBeGreaterThanOrEqual(1);
  });

  it("refuses a mix that does not add up to 100, an unknown hub and a next flight before the departure", () => {
    expect(DrillSpec.safeParse({ ...spec(), tierMix: { FIRST: 50, BUSINESS: 0, PREMIUM_ECONOMY: 0, ECONOMY: 40, CREW: 0 } }).success).toBe(false);
    expect(DrillSpec.safeParse({ ...spec(), airport: "XXX" }).success).toBe(false);
    expect(DrillSpec.safeParse({ ...spec(), nextFlight: "2026-11-21T14:00:00Z" }).success).toBe(false);
  });
});
