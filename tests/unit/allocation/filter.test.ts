import { describe, expect, it } from "vitest";
import { allocate } from "@/lib/allocation-engine";
import { group, input, offer, policy } from "./fixtures";
import type { Offer } from "@/lib/providers/offer";

/** One group, one compliant hotel and one that fails a constraint: the reason and the placement. */
function against(bad: Offer, constraints: Parameters<typeof policy>[0]) {
  const good = offer({ nightlyRate: 150, km: 10, amenities: ["WIFI", "24H_RECEPTION", "AIRPORT_SHUTTLE"] });
  const r = allocate(input([group()], [good, bad], { ECONOMY: policy(constraints) }));
  const row = r.rankingInputs.find((x) => x.providerOfferId === bad.offerId)!;
  return { row, placedAt: r.allocations[0]?.providerOfferId, good };
}

describe("policy filter (spec 4.8 step 3, 2.3 constraints)", () => {
  const cases: [string, Offer, Parameters<typeof policy>[0], string][] = [
    ["minStars", offer({ stars: 3, nightlyRate: 50 }), { minStars: 4 }, "filtered: minStars 4 > 3"],
    ["unrated", offer({ stars: null, nightlyRate: 50 }), { minStars: 1 }, "filtered: unrated"],
    ["maxDistanceKm (straight line from the airport)", offer({ km: 26, nightlyRate: 50 }), { maxDistanceKm: 25 }, "filtered: distance 26 km > maxDistanceKm 25"],
    ["maxNightlyRate", offer({ nightlyRate: 181 }), { maxNightlyRate: 180 }, "filtered: nightlyRate 181 > maxNightlyRate 180"],
    ["requiredAmenities", offer({ amenities: ["WIFI"], nightlyRate: 50 }), { requiredAmenities: ["AIRPORT_SHUTTLE", "WIFI"] }, "filtered: requiredAmenities missing AIRPORT_SHUTTLE"],
    ["excludedChains", offer({ chainId: "CHEAPCO", nightlyRate: 50 }), { excludedChains: ["CHEAPCO"] }, "filtered: excludedChains CHEAPCO"],
    ["acceptedPayments (a hotel refusing GUARANTEE)", offer({ acceptedPayments: ["CARD"], nightlyRate: 50 }), {}, "filtered: acceptedPayments CARD not in GUARANTEE"],
    ["allowProviders", offer({ provider: "HOTELBEDS", nightlyRate: 50 }), { allowProviders: ["EXPEDIA_RAPID", "DIRECT"] }, "filtered: allowProviders excludes HOTELBEDS"],
    ["currency", offer({ currency: "USD", nightlyRate: 50 }), {}, "filtered: currency USD is not EUR"],
  ];
  it.each(cases)("%s removes the hotel, with the reason in its ranking input", (_name, bad, constraints, reason) => {
    const { row, placedAt, good } = against(bad, constraints);
    expect(row).toMatchObject({ reason, weightedScore: null, selected: false });
    expect(placedAt).toBe(good.offerId);
  });

  it("a hotel just inside every limit passes", () => {
    const ok = offer({ stars: 4, km: 24.9, nightlyRate: 180, amenities: ["AIRPORT_SHUTTLE"], chainId: "OTHER", acceptedPayments: ["GUARANTEE", "CARD"] });
    const r = allocate(input([group()], [ok], { ECONOMY: policy({ minStars: 4, maxDistanceKm: 25, maxNightlyRate: 180, requiredAmenities: ["AIRPORT_SHUTTLE"], excludedChains: ["CHEAPCO"] }) }));
    expect(r.allocations[0]?.providerOfferId).toBe(ok.offerId);
  });

  it("a CARD policy accepts a hotel that takes only cards", () => {
    const card = offer({ acceptedPayments: ["CARD"] });
    const r = allocate(input([group()], [card], { ECONOMY: policy({ acceptedPayments: ["GUARANTEE", "CARD"] }) }));
    expect(r.allocations).toHaveLength(1);
  });

  it("allowProviders makes the tier use the same hotel's allowed offer, even when dearer", () => {
    const cheap = offer({ provider: "HOTELBEDS", hotelKey: "K", nightlyRate: 80 });
    const direct = offer({ provider: "DIRECT", hotelKey: "K", nightlyRate: 95 });
    const r = allocate(input([group()], [cheap, direct], { ECONOMY: policy({ allowProviders: ["DIRECT"] }) }));
    expect(r.allocations[0]).toMatchObject({ provider: "DIRECT", providerOfferId: direct.offerId });
  });

  it("all hotels in radius filtered out: FILTERED_OUT names the constraint that removed the most", () => {
    const offers = [offer({ stars: 2 }), offer({ stars: 2 }), offer({ nightlyRate: 500 }), offer({ km: 40 })];
    const r = allocate(input([group()], offers, { ECONOMY: policy({ minStars: 3, maxNightlyRate: 200 }) }));
    expect(r.held).toEqual([expect.objectContaining({ cause: "FILTERED_OUT", constraint: "minStars", category: "ALLOCATION_FAILED", priority: "HIGH" })]);
    expect(r.held[0].detail).toContain("minStars 2, maxNightlyRate 1");
    expect(r.held[0].suggestions[0]).toContain("Relax the versioned policy (minStars)");
  });

  it("nothing in radius: NO_HOTEL_IN_RADIUS", () => {
    const r = allocate(input([group()], [offer({ km: 30 })], { ECONOMY: policy({ maxDistanceKm: 25 }) }));
    expect(r.held[0]).toMatchObject({ cause: "NO_HOTEL_IN_RADIUS", category: "ALLOCATION_FAILED", priority: "HIGH" });
    expect(r.held[0].detail).toBe("No hotel within 25 km of FRA (1 offered, the nearest 30.0 km away).");
    expect(r.held[0].suggestions.join(" ")).toMatch(/Broaden maxDistanceKm/);
  });
});
