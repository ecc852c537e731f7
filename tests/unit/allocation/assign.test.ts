import { describe, expect, it } from "vitest";
import { allocate } from "@/lib/allocation-engine";
import { accessibleRoomsNeeded } from "@/lib/allocation-engine/assign";
import { group, input, offer, policy } from "./fixtures";

describe("assignment (spec 4.8 steps 2 and 6)", () => {
  it("tier passes share inventory: business (pass 1) takes the cheap rooms first, economy (pass 3) gets what is left", () => {
    const cheap = offer({ nightlyRate: 90, roomsAvailable: 2 });
    const dear = offer({ nightlyRate: 140, roomsAvailable: 5 });
    const eco = group({ tier: "ECONOMY", groupId: "a-eco", rooms: 2 });
    const biz = group({ tier: "BUSINESS", groupId: "z-biz", rooms: 2 });
    const r = allocate(input([eco, biz], [cheap, dear], { ECONOMY: policy(), BUSINESS: policy({}, { urn: "urn:svc:policy:biz" }) }));
    const at = Object.fromEntries(r.allocations.map((a) => [a.groupId, a.providerOfferId]));
    expect(at).toEqual({ "z-biz": cheap.offerId, "a-eco": dear.offerId });
    expect(r.rankingInputs.find((x) => x.tier === "ECONOMY" && x.providerOfferId === cheap.offerId)?.reason).toBe("capacity exhausted");
    expect(r.policiesUsed.map((p) => [p.tier, p.policyUrn])).toEqual([
      ["BUSINESS", "urn:svc:policy:biz"],
      ["ECONOMY", "urn:svc:policy:test"],
    ]);
  });

  it("each pass uses its own policy: crew's rate ceiling does not bind economy", () => {
    const o = offer({ nightlyRate: 150 });
    const r = allocate(input([group({ tier: "CREW" }), group({ tier: "ECONOMY" })], [o], { CREW: policy({ maxNightlyRate: 120 }), ECONOMY: policy() }));
    expect(r.allocations.map((a) => a.tier)).toEqual(["ECONOMY"]);
    expect(r.held).toEqual([expect.objectContaining({ tier: "CREW", cause: "FILTERED_OUT", constraint: "maxNightlyRate" })]);
  });

  it("never splits a group: 3 rooms go to the hotel with 3 left, not the cheaper one with 2", () => {
    const cheap = offer({ nightlyRate: 80, roomsAvailable: 2 });
    const other = offer({ nightlyRate: 120, roomsAvailable: 3 });
    const r = allocate(input([group({ rooms: 3, passengers: 6 })], [cheap, other]));
    expect(r.allocations).toEqual([expect.objectContaining({ providerOfferId: other.offerId, rooms: 3, total: { amount: 360, currency: "EUR" } })]);
  });

  it("a group larger than any hotel's rooms left is HELD for capacity with an ALLOCATION_FAILED item", () => {
    const r = allocate(input([group({ rooms: 4, passengers: 8 })], [offer({ roomsAvailable: 3 }), offer({ roomsAvailable: 2 })]));
    expect(r.allocations).toEqual([]);
    expect(r.held[0]).toMatchObject({ cause: "CAPACITY", category: "ALLOCATION_FAILED", priority: "HIGH", rooms: 4 });
    expect(r.held[0].detail).toBe("Needs 4 room(s) in one hotel; the most any of the 2 compliant hotel(s) has left is 3.");
    expect(r.status).toBe("FAILED");
  });

  it("respects rooms left: groups beyond a hotel's rooms go elsewhere or are held, one PNR per room", () => {
    const o = offer({ roomsAvailable: 3 });
    const groups = [group({ rooms: 1 }), group({ rooms: 1 }), group({ rooms: 1 }), group({ rooms: 1 })];
    const r = allocate(input(groups, [o]));
    expect(r.allocations).toHaveLength(3);
    expect(r.allocations.reduce((n, a) => n + a.rooms, 0)).toBe(3);
    expect(r.held).toHaveLength(1);
    expect(r.status).toBe("PARTIAL");
  });

  it("accessible-room gate: a wheelchair group goes only where an accessible room is left", () => {
    const noAccess = offer({ nightlyRate: 80, accessibleRoomsAvailable: 0 });
    const access = offer({ nightlyRate: 130, accessibleRoomsAvailable: 1 });
    const wheelchair = group({ wheelchairPassengers: 1, specialNeeds: ["WHEELCHAIR"], rooms: 2, passengers: 3 });
    const r = allocate(input([wheelchair], [noAccess, access]));
    expect(r.allocations[0]).toMatchObject({ providerOfferId: access.offerId, accessibleRooms: 1 });
  });

  it("accessible rooms run out: the second wheelchair group is held NO_ACCESSIBLE_ROOM, a plain group still fits", () => {
    const o = offer({ roomsAvailable: 5, accessibleRoomsAvailable: 1 });
    const w1 = group({ wheelchairPassengers: 1 });
    const w2 = group({ wheelchairPassengers: 1 });
    const plain = group();
    const r = allocate(input([w1, w2, plain], [o]));
    expect(r.allocations.map((a) => a.groupId).sort()).toEqual([w1.groupId, plain.groupId].sort());
    expect(r.held).toEqual([expect.objectContaining({ groupId: w2.groupId, cause: "NO_ACCESSIBLE_ROOM", category: "ALLOCATION_FAILED" })]);
  });

  it("plain groups leave accessible rooms for wheelchair groups while other rooms remain", () => {
    const o = offer({ roomsAvailable: 3, accessibleRoomsAvailable: 1 });
    const r = allocate(input([group({ rooms: 2 }), group({ wheelchairPassengers: 1, tier: "CREW" })], [o], { ECONOMY: policy(), CREW: policy() }));
    // economy (pass 3) runs before crew (pass 4) yet takes only the 2 ordinary rooms
    expect(r.allocations).toHaveLength(2);
    expect(r.allocations.find((a) => a.tier === "CREW")?.accessibleRooms).toBe(1);
  });

  it("accessible rooms needed: min(wheelchair passengers, rooms); one when only specialNeeds says WHEELCHAIR", () => {
    expect(accessibleRoomsNeeded({ wheelchairPassengers: 3, rooms: 2, specialNeeds: [] })).toBe(2);
    expect(accessibleRoomsNeeded({ wheelchairPassengers: 1, rooms: 2, specialNeeds: [] })).toBe(1);
    expect(accessibleRoomsNeeded({ wheelchairPassengers: 0, rooms: 2, specialNeeds: ["WHEELCHAIR"] })).toBe(1);
    expect(accessibleRoomsNeeded({ wheelchairPassengers: 0, rooms: 2, specialNeeds: ["INFANT"] })).toBe(0);
  });

  it("mixed-tier group: MIXED_TIER_GROUP item, case to manual review, others still placed", () => {
    const r = allocate(input([group({ tier: null }), group()], [offer()]));
    expect(r.held).toEqual([expect.objectContaining({ cause: "MIXED_TIER", category: "MIXED_TIER_GROUP", priority: "LOW", tier: null })]);
    expect(r.allocations).toHaveLength(1);
    expect(r.caseToManualReview).toBe(true);
  });

  it("no matching policy: POLICY_VIOLATION (LOW), case to manual review", () => {
    const r = allocate(input([group({ tier: "FIRST" }), group()], [offer()], { ECONOMY: policy(), FIRST: null }));
    expect(r.held).toEqual([expect.objectContaining({ tier: "FIRST", cause: "NO_POLICY", category: "POLICY_VIOLATION", priority: "LOW" })]);
    expect(r.caseToManualReview).toBe(true);
    expect(r.policiesUsed.map((p) => p.tier)).toEqual(["ECONOMY"]);
  });

  it("fallbacks: the next-ranked compliant hotels with room, at most 3, best first", () => {
    const offers = [90, 100, 110, 120, 130].map((nightlyRate) => offer({ nightlyRate, km: 5 }));
    const r = allocate(input([group()], [...offers, offer({ nightlyRate: 50, stars: 2 })]));
    expect(r.allocations[0].providerOfferId).toBe(offers[0].offerId);
    expect(r.allocations[0].fallbacks.map((f) => f.providerOfferId)).toEqual(offers.slice(1, 4).map((o) => o.offerId));
    const scores = r.allocations[0].fallbacks.map((f) => f.score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
  });

  it("total cost is rate × rooms × nights summed in cents; savings compare a direct contract with the market", () => {
    const direct = offer({ provider: "DIRECT", hotelKey: "K", nightlyRate: 80.1 });
    const market = offer({ provider: "EXPEDIA_RAPID", hotelKey: "K", nightlyRate: 100.2 });
    const r = allocate(input([group({ rooms: 2 }), group({ rooms: 1 })], [direct, market], undefined, 3));
    expect(r.totalCost).toEqual({ amount: 720.9, currency: "EUR" });
    expect(r.savingsVsMarket).toEqual({ amount: 180.9, currency: "EUR" });
  });
});

describe("priority passengers within a tier's pass (EU261 Art. 11)", () => {
  it("a priority group takes the last room before a larger or earlier group of its tier, after the wheelchair groups", () => {
    const o = offer({ roomsAvailable: 2, accessibleRoomsAvailable: 1 });
    const plain = group({ tier: "ECONOMY", groupId: "a-plain", rooms: 1 });
    const minor = group({ tier: "ECONOMY", groupId: "z-minor", rooms: 1, specialNeeds: ["UNACCOMPANIED_MINOR"], priority: true });
    const chair = group({ tier: "ECONOMY", groupId: "m-chair", rooms: 1, wheelchairPassengers: 1, specialNeeds: ["WHEELCHAIR"], priority: true });
    const r = allocate(input([plain, minor, chair], [o]));
    expect(r.allocations.map((a) => a.groupId).sort()).toEqual(["m-chair", "z-minor"]);
    expect(r.held.map((h) => h.groupId)).toEqual(["a-plain"]);
  });
});
