import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { allocate, rankGroup, type EngineQuality } from "@/lib/allocation-engine";
import type { Offer } from "@/lib/providers/offer";
import { AIRPORT, at, group, input, offer, policy } from "./fixtures";

/**
 * rankGroup (a walked group's rehousing) is the engine on one group: whatever allocate would choose
 * for that group alone, first and fallbacks, rankGroup lists in the same order with the same
 * scores, under every constraint (stars, distance, rate, amenities, chains, payments, providers,
 * accessible rooms, the minQuality gate) and every weight (cost, distance, quality).
 */

const hotelArb = fc.record({
  km: fc.integer({ min: 1, max: 28 }),
  rate: fc.integer({ min: 60, max: 300 }),
  stars: fc.option(fc.integer({ min: 2, max: 5 }), { nil: null, freq: 12 }),
  rooms: fc.integer({ min: 0, max: 8 }),
  accessible: fc.integer({ min: 0, max: 3 }),
  chain: fc.constantFrom(null, "CHEAP", "GOOD"),
  shuttle: fc.boolean(),
  payment: fc.constantFrom<Offer["acceptedPayments"]>(["GUARANTEE"], ["GUARANTEE"], ["CARD"], ["GUARANTEE", "CARD"]),
  provider: fc.constantFrom<Offer["provider"]>("EXPEDIA_RAPID", "HOTELBEDS", "DIRECT"),
  /** a second offer of the same hotel from another provider (dedupe keeps the cheapest) */
  twin: fc.option(fc.record({ rate: fc.integer({ min: 60, max: 300 }), rooms: fc.integer({ min: 0, max: 5 }) }), { nil: undefined }),
  quality: fc.option(fc.record({ score: fc.option(fc.integer({ min: 100, max: 500 }).map((c) => c / 100), { nil: null, freq: 4 }), ratings: fc.integer({ min: 0, max: 30 }) }), { nil: undefined }),
});

const worldArb = fc.record({
  hotels: fc.array(hotelArb, { minLength: 1, maxLength: 14 }),
  rooms: fc.integer({ min: 1, max: 3 }),
  wheelchairs: fc.constantFrom(0, 0, 0, 1, 2),
  minStars: fc.integer({ min: 1, max: 3 }),
  maxNightlyRate: fc.option(fc.integer({ min: 100, max: 300 }), { nil: null, freq: 2 }),
  // each constraint on in about one world of four, so most worlds still place the group
  shuttle: fc.constantFrom(false, false, false, true),
  excludeCheap: fc.constantFrom(false, false, false, true),
  allowProviders: fc.option(fc.subarray<Offer["provider"]>(["EXPEDIA_RAPID", "HOTELBEDS", "DIRECT"], { minLength: 1 }), { nil: null, freq: 3 }),
  minQuality: fc.option(fc.integer({ min: 100, max: 500 }).map((c) => c / 100), { nil: null, freq: 2 }),
  weights: fc.record({ cost: fc.integer({ min: 0, max: 10 }), distance: fc.integer({ min: 0, max: 10 }), consolidation: fc.integer({ min: 0, max: 10 }), quality: fc.integer({ min: 0, max: 10 }) }),
});

type World = typeof worldArb extends fc.Arbitrary<infer T> ? T : never;

function build(w: World) {
  const quality: Record<string, EngineQuality> = {};
  const offers: Offer[] = [];
  w.hotels.forEach((h, i) => {
    const hotelUrn = `urn:svc:hotel:r${i}`;
    if (h.quality) quality[hotelUrn] = h.quality;
    const base = {
      ...at(h.km, i * 2.399963),
      hotelUrn,
      hotelKey: `R${i}`,
      stars: h.stars,
      chainId: h.chain,
      amenities: h.shuttle ? (["WIFI", "AIRPORT_SHUTTLE"] as Offer["amenities"]) : (["WIFI"] as Offer["amenities"]),
      acceptedPayments: h.payment,
    };
    offers.push(offer({ ...base, provider: h.provider, offerId: `r${i}`, providerHotelId: `rp${i}`, nightlyRate: h.rate, roomsAvailable: h.rooms, accessibleRoomsAvailable: h.accessible }));
    if (h.twin) {
      const other = h.provider === "HOTELBEDS" ? "EXPEDIA_RAPID" : "HOTELBEDS";
      offers.push(offer({ ...base, provider: other, offerId: `r${i}-twin`, providerHotelId: `rt${i}`, nightlyRate: h.twin.rate, roomsAvailable: h.twin.rooms, accessibleRoomsAvailable: 0 }));
    }
  });
  const { cost, distance, consolidation, quality: q } = w.weights;
  // a policy's weights are 0–1 and never all 0
  const weights = cost + distance + consolidation + q === 0 ? { cost: 1, distance: 0, consolidation: 0, quality: 0 } : { cost: cost / 10, distance: distance / 10, consolidation: consolidation / 10, quality: q / 10 };
  const p = policy(
    {
      minStars: w.minStars,
      maxDistanceKm: 25,
      maxNightlyRate: w.maxNightlyRate,
      requiredAmenities: w.shuttle ? ["AIRPORT_SHUTTLE"] : [],
      excludedChains: w.excludeCheap ? ["CHEAP"] : [],
      allowProviders: w.allowProviders,
      minQuality: w.minQuality,
    },
    { allocationWeights: weights },
  );
  const g = group({ groupId: "g-walked", rooms: w.rooms, passengers: w.rooms * 2, wheelchairPassengers: w.wheelchairs, specialNeeds: w.wheelchairs ? ["WHEELCHAIR"] : [] });
  return { offers, quality, policy: p, group: g };
}

describe("rankGroup: the engine on one group (properties)", () => {
  it("lists the group's first choice and fallbacks exactly as allocate places the group alone, then the rest, best first", () => {
    fc.assert(
      fc.property(worldArb, (w) => {
        const { offers, quality, policy: p, group: g } = build(w);
        const r = allocate({ ...input([g], offers, { ECONOMY: p }), quality });
        const ranked = rankGroup({ airport: AIRPORT, currency: "EUR", offers, tier: "ECONOMY", policy: p, group: g, quality });
        const placed = r.allocations.flatMap((a) => [
          { hotelUrn: a.hotelUrn, provider: a.provider, providerOfferId: a.providerOfferId, score: a.score },
          ...a.fallbacks.map((f) => ({ hotelUrn: f.hotelUrn, provider: f.provider, providerOfferId: f.providerOfferId, score: f.score })),
        ]);
        expect(ranked.slice(0, 4).map(({ hotelUrn, provider, providerOfferId, score }) => ({ hotelUrn, provider, providerOfferId, score }))).toEqual(placed);
        // the rest: compliant hotels of the wave's ranking with room for the group, never better than the fourth
        const compliant = new Set(r.rankingInputs.filter((x) => x.weightedScore !== null).map((x) => x.hotelUrn));
        for (const h of ranked) expect(compliant.has(h.hotelUrn)).toBe(true);
        for (let i = 1; i < ranked.length; i++) expect(ranked[i].score).toBeLessThanOrEqual(ranked[i - 1].score);
        expect(new Set(ranked.map((h) => h.hotelUrn)).size).toBe(ranked.length);
      }),
      { numRuns: 400 },
    );
  });

  it("a hotel under minQuality is never ranked, though the cheapest; with quality weighted the better-rated hotel comes first", () => {
    const cheap = offer({ hotelUrn: "urn:svc:hotel:cheap", nightlyRate: 80, km: 5 });
    const good = offer({ hotelUrn: "urn:svc:hotel:good", nightlyRate: 120, km: 5 });
    const quality = { "urn:svc:hotel:cheap": { score: 2, ratings: 8 }, "urn:svc:hotel:good": { score: 4.8, ratings: 8 } };
    const g = group({ rooms: 2 });
    const rank = (over: Parameters<typeof policy>[0], rest: Parameters<typeof policy>[1]) =>
      rankGroup({ airport: AIRPORT, currency: "EUR", offers: [cheap, good], tier: "ECONOMY", policy: policy(over, rest), group: g, quality }).map((h) => h.hotelUrn);
    const costOnly = { allocationWeights: { cost: 1, distance: 0, consolidation: 0, quality: 0 } };
    expect(rank({}, costOnly)).toEqual(["urn:svc:hotel:cheap", "urn:svc:hotel:good"]);
    expect(rank({ minQuality: 3 }, costOnly)).toEqual(["urn:svc:hotel:good"]);
    expect(rank({}, { allocationWeights: { cost: 0.3, distance: 0, consolidation: 0, quality: 1 } })).toEqual(["urn:svc:hotel:good", "urn:svc:hotel:cheap"]);
  });
});
