import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { allocate, type EngineGroup, type EngineInput, type EnginePolicy } from "@/lib/allocation-engine";
import { accessibleRoomsNeeded } from "@/lib/allocation-engine/assign";
import type { Offer } from "@/lib/providers/offer";
import { AMENITIES, PROVIDERS, TIERS } from "@/lib/vocabulary";
import { AIRPORT } from "./fixtures";

// small worlds on a coarse grid, so dedupe rules, full hotels and held groups all happen often
const offerArb = fc.record({
  provider: fc.constantFrom(...PROVIDERS),
  hotelKey: fc.option(fc.constantFrom("K1", "K2", "K3"), { nil: null }),
  name: fc.constantFrom("Sky", "Park", "Runway", "Lake"),
  cell: fc.tuple(fc.integer({ min: -40, max: 40 }), fc.integer({ min: -40, max: 40 })),
  stars: fc.option(fc.integer({ min: 1, max: 5 }), { nil: null, freq: 10 }),
  amenities: fc.subarray([...AMENITIES], { maxLength: 4 }).chain((a) => fc.constantFrom(a, [...a, "WIFI" as const, "24H_RECEPTION" as const])),
  nightlyRate: fc.integer({ min: 5000, max: 30000 }).map((c) => c / 100),
  roomsAvailable: fc.integer({ min: 0, max: 8 }),
  accessibleRoomsAvailable: fc.integer({ min: 0, max: 3 }),
  acceptedPayments: fc.constantFrom<Offer["acceptedPayments"]>(["GUARANTEE"], ["GUARANTEE"], ["CARD"], ["GUARANTEE", "CARD"]),
  chainId: fc.option(fc.constantFrom("A", "B"), { nil: null }),
});
const groupArb = fc.record({
  tier: fc.option(fc.constantFrom(...TIERS), { nil: null, freq: 12 }),
  rooms: fc.integer({ min: 1, max: 4 }),
  wheelchairPassengers: fc.integer({ min: 0, max: 2 }).chain((w) => fc.constantFrom(0, 0, 0, w)),
});
const policyArb: fc.Arbitrary<EnginePolicy | null> = fc.option(
  fc.record({
    urn: fc.constant("urn:svc:policy:p"),
    version: fc.integer({ min: 1, max: 3 }),
    constraints: fc.record({
      minStars: fc.integer({ min: 1, max: 3 }),
      maxDistanceKm: fc.integer({ min: 3, max: 40 }),
      maxNightlyRate: fc.option(fc.integer({ min: 120, max: 300 }), { nil: null, freq: 2 }),
      requiredAmenities: fc.subarray(["WIFI", "24H_RECEPTION"] as const, { maxLength: 1 }),
      excludedChains: fc.subarray(["A"], { maxLength: 1 }),
      acceptedPayments: fc.constantFrom<("GUARANTEE" | "CARD")[]>(["GUARANTEE"], ["GUARANTEE", "CARD"]),
      allowProviders: fc.option(fc.subarray([...PROVIDERS], { minLength: 1 }), { nil: null }),
    }),
    allocationWeights: fc.option(
      fc.record({ cost: fc.integer({ min: 0, max: 10 }), distance: fc.integer({ min: 0, max: 10 }), consolidation: fc.integer({ min: 1, max: 10 }) }).map((w) => ({ cost: w.cost / 10, distance: w.distance / 10, consolidation: w.consolidation / 10 })),
      { nil: undefined },
    ),
  }),
  { nil: null, freq: 8 },
);

const inputArb: fc.Arbitrary<EngineInput> = fc
  .record({
    offers: fc.array(offerArb, { maxLength: 20 }),
    groups: fc.array(groupArb, { maxLength: 18 }),
    policies: fc.record(Object.fromEntries(TIERS.map((t) => [t, policyArb])) as Record<(typeof TIERS)[number], typeof policyArb>),
    nights: fc.integer({ min: 1, max: 3 }),
  })
  .map(({ offers, groups, policies, nights }) => ({
    airport: AIRPORT,
    nights,
    currency: "EUR",
    policies,
    offers: offers.map(
      (o, i): Offer => ({
        provider: o.provider,
        offerId: `o${i}`,
        providerHotelId: `p${i}`,
        hotelKey: o.hotelKey,
        hotelUrn: null,
        chainId: o.chainId,
        name: `${o.name} ${o.cell[1] % 4}`,
        address: `${o.cell[0] % 3} Main Street`,
        phone: null,
        // 0.0005° cells: neighbours ~55 m apart (rule 2), the grid spans ~±2.2 km
        latitude: AIRPORT.latitude + o.cell[0] * 0.0005,
        longitude: AIRPORT.longitude + o.cell[1] * 0.0005,
        stars: o.stars,
        amenities: o.amenities,
        nightlyRate: o.nightlyRate,
        currency: "EUR",
        roomsAvailable: o.roomsAvailable,
        accessibleRoomsAvailable: o.accessibleRoomsAvailable,
        acceptedPayments: o.acceptedPayments,
        cancellable: true,
      }),
    ),
    groups: groups.map(
      (g, i): EngineGroup => ({
        groupId: `g${String(i).padStart(3, "0")}`,
        pnr: `P${i}`,
        tier: g.tier,
        passengers: g.tier === "CREW" ? g.rooms : g.rooms * 2,
        rooms: g.rooms,
        wheelchairPassengers: g.wheelchairPassengers,
        specialNeeds: g.wheelchairPassengers ? ["WHEELCHAIR"] : [],
      }),
    ),
  }));

function shuffle<T>(xs: readonly T[], seed: number): T[] {
  const out = [...xs];
  let a = seed >>> 0;
  for (let i = out.length - 1; i > 0; i--) {
    a = (Math.imul(a, 1664525) + 1013904223) >>> 0;
    const j = a % (i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

describe("allocation engine (properties)", () => {
  it("every group is placed whole exactly once or held with a review cause; no offer over its rooms or accessible rooms", () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const r = allocate(input);
        const seen = [...r.allocations.map((a) => a.groupId), ...r.held.map((h) => h.groupId)].sort();
        expect(seen).toEqual(input.groups.map((g) => g.groupId).sort());

        const byId = new Map(input.groups.map((g) => [g.groupId, g]));
        const used = new Map<string, { rooms: number; accessible: number }>();
        for (const a of r.allocations) {
          const g = byId.get(a.groupId)!;
          // never split: the whole group in one hotel, one room set per PNR
          expect(a.rooms).toBe(g.rooms);
          expect(a.tier).toBe(g.tier);
          expect(a.accessibleRooms).toBeGreaterThanOrEqual(accessibleRoomsNeeded(g));
          const key = `${a.provider}|${a.providerOfferId}`;
          const u = used.get(key) ?? { rooms: 0, accessible: 0 };
          used.set(key, { rooms: u.rooms + a.rooms, accessible: u.accessible + a.accessibleRooms });
          // placed only on a hotel its tier scored (compliant)
          expect(r.rankingInputs.some((x) => x.tier === a.tier && x.providerOfferId === a.providerOfferId && x.provider === a.provider && x.weightedScore !== null)).toBe(true);
          expect(a.fallbacks.length).toBeLessThanOrEqual(3);
          expect(a.fallbacks.some((f) => f.hotelUrn === a.hotelUrn)).toBe(false);
        }
        for (const [key, u] of used) {
          const o = input.offers.find((x) => `${x.provider}|${x.offerId}` === key)!;
          expect(u.rooms).toBeLessThanOrEqual(o.roomsAvailable);
          expect(u.accessible).toBeLessThanOrEqual(Math.min(o.accessibleRoomsAvailable, o.roomsAvailable));
        }
        for (const h of r.held) {
          expect(h.detail.length).toBeGreaterThan(0);
          expect(h.suggestions.length).toBeGreaterThan(0);
          const expected = h.cause === "NO_POLICY" ? "POLICY_VIOLATION" : h.cause === "MIXED_TIER" ? "MIXED_TIER_GROUP" : "ALLOCATION_FAILED";
          expect(h.category).toBe(expected);
          if (h.cause === "FILTERED_OUT") expect(h.constraint).not.toBeNull();
        }
        expect(r.caseToManualReview).toBe(r.held.some((h) => h.cause === "NO_POLICY" || h.cause === "MIXED_TIER"));
        const cents = r.allocations.reduce((s, a) => s + Math.round(a.total.amount * 100), 0);
        expect(Math.round(r.totalCost.amount * 100)).toBe(cents);
      }),
      { numRuns: 300 },
    );
  });

  it("the result does not depend on input order (byte for byte)", () => {
    fc.assert(
      fc.property(inputArb, fc.integer(), (input, seed) => {
        const a = JSON.stringify(allocate(input));
        const b = JSON.stringify(allocate({ ...input, offers: shuffle(input.offers, seed), groups: shuffle(input.groups, seed ^ 0x5bd1e995) }));
        expect(b).toBe(a);
      }),
      { numRuns: 300 },
    );
  });

  it("is pure: the input is left as it was", () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const before = JSON.stringify(input);
        allocate(input);
        expect(JSON.stringify(input)).toBe(before);
      }),
      { numRuns: 50 },
    );
  });
});
