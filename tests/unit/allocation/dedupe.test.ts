import { describe, expect, it } from "vitest";
import { allocate } from "@/lib/allocation-engine";
import { at, group, input, offer } from "./fixtures";

const hotelsOf = (offers: Parameters<typeof input>[1]) => allocate(input([], offers)).hotels;

describe("dedupe (spec 4.8 step 4)", () => {
  it("rule 1: a shared provider-independent hotel id joins listings far apart with other names", () => {
    const a = offer({ provider: "EXPEDIA_RAPID", hotelKey: "GIATA-1", ...at(5, 0), nightlyRate: 110 });
    const b = offer({ provider: "HOTELBEDS", hotelKey: "GIATA-1", ...at(5.3, 0), name: "Other spelling", nightlyRate: 100 });
    const hotels = hotelsOf([a, b]);
    expect(hotels).toHaveLength(1);
    expect(hotels[0].offers.map((o) => [o.offerId, o.mergedBy])).toEqual([
      [b.offerId, null],
      [a.offerId, { rule: "SAME_HOTEL_ID", matched: b.offerId }],
    ]);
  });

  it("rule 1 also joins on the registry URN", () => {
    const a = offer({ hotelUrn: "urn:svc:hotel:1", hotelKey: null });
    const b = offer({ provider: "HOTELBEDS", hotelUrn: "urn:svc:hotel:1", hotelKey: null });
    expect(hotelsOf([a, b]).map((h) => h.hotelUrn)).toEqual(["urn:svc:hotel:1"]);
  });

  it("rule 2: within 100 m with the same stars joins; 150 m apart or another star rating does not", () => {
    const base = at(5, 1);
    const near = { latitude: base.latitude + 0.0005, longitude: base.longitude }; // ~56 m
    const far = { latitude: base.latitude + 0.00135, longitude: base.longitude }; // ~150 m
    const a = offer({ hotelKey: null, ...base, stars: 3 });
    const b = offer({ provider: "HOTELBEDS", hotelKey: null, ...near, stars: 3 });
    const merged = hotelsOf([a, b]);
    expect(merged).toHaveLength(1);
    expect(merged[0].offers[1].mergedBy?.rule).toBe("NEARBY_SAME_STARS");

    expect(hotelsOf([a, offer({ provider: "HOTELBEDS", hotelKey: null, ...near, stars: 4 })])).toHaveLength(2);
    expect(hotelsOf([a, offer({ provider: "HOTELBEDS", hotelKey: null, ...far, stars: 3 })])).toHaveLength(2);
  });

  it("rule 3: the same name and address joins listings far apart with other stars (case and spacing ignored)", () => {
    const a = offer({ hotelKey: null, name: "Sky Hotel", address: "1 Runway Road", ...at(5, 2), stars: 3 });
    const b = offer({ provider: "DIRECT", hotelKey: null, name: "sky  hotel", address: "1 Runway Road ", ...at(5.4, 2), stars: 4 });
    const hotels = hotelsOf([a, b]);
    expect(hotels).toHaveLength(1);
    expect(hotels[0].offers.find((o) => o.mergedBy)?.mergedBy?.rule).toBe("SAME_NAME_ADDRESS");
    expect(hotelsOf([a, { ...b, address: "2 Runway Road" }])).toHaveLength(2);
  });

  it("the cheapest offer wins; a tie prefers the direct contract; the market rate is the cheapest non-direct offer", () => {
    const e = offer({ provider: "EXPEDIA_RAPID", hotelKey: "K", nightlyRate: 90 });
    const h = offer({ provider: "HOTELBEDS", hotelKey: "K", nightlyRate: 95 });
    const d = offer({ provider: "DIRECT", hotelKey: "K", nightlyRate: 90 });
    const [hotel] = hotelsOf([e, h, d]);
    expect([hotel.provider, hotel.offerId, hotel.nightlyRate, hotel.marketRate]).toEqual(["DIRECT", d.offerId, 90, 90]);
    expect(hotel.offers.map((o) => o.provider)).toEqual(["DIRECT", "EXPEDIA_RAPID", "HOTELBEDS"]);
  });

  it("merging is transitive and counted: raw offers before, hotels after", () => {
    const a = offer({ hotelKey: "K1", name: "A", address: "x" });
    const b = offer({ provider: "HOTELBEDS", hotelKey: "K1", name: "B", address: "y" });
    const c = offer({ provider: "DIRECT", hotelKey: null, name: "B", address: "y" });
    const r = allocate(input([group()], [a, b, c, offer()]));
    expect([r.offersRaw, r.offersDeduped]).toEqual([4, 2]);
  });

  it("a tier sees the hotel's duplicates as ranking inputs that name the winner and the rule", () => {
    const a = offer({ provider: "EXPEDIA_RAPID", hotelKey: "K", nightlyRate: 120 });
    const b = offer({ provider: "HOTELBEDS", hotelKey: "K", nightlyRate: 100 });
    const r = allocate(input([group()], [a, b]));
    const dup = r.rankingInputs.find((x) => x.providerOfferId === a.offerId)!;
    expect(dup.reason).toBe(`duplicate of HOTELBEDS ${b.offerId} (rule 1, same provider-independent hotel id, matched ${b.offerId})`);
    expect(r.allocations[0].providerOfferId).toBe(b.offerId);
  });
});
