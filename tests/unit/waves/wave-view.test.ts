import { describe, expect, it } from "vitest";
import { overrideCandidates, overrideGroups, placementsByHotel } from "@/components/waves/wave-view";
import type { Allocation, Wave } from "@/lib/allocation/schemas";
import { eur, rankingInput } from "../../helpers/ranking-input";

const input = rankingInput;

function allocation(over: Partial<Allocation>): Allocation {
  return {
    groupId: "G1",
    pnr: "G1",
    tier: "ECONOMY",
    passengers: 2,
    rooms: 1,
    accessibleRooms: 0,
    hotelUrn: "urn:svc:hotel:a",
    hotelName: "A",
    provider: "HOTELBEDS",
    providerOfferId: "o",
    nightlyRate: eur(100),
    total: eur(100),
    score: 0.5,
    fallbacks: [],
    override: null,
    ...over,
  };
}

function wave(over: Partial<Wave>): Wave {
  return {
    urn: "urn:svc:wave:w",
    caseUrn: "urn:svc:case:c",
    demandUrn: null,
    trigger: "DEMAND",
    reason: null,
    status: "COMPLETE",
    airport: "CDG",
    nights: 1,
    policies: [],
    sources: [],
    degraded: false,
    offersRaw: 0,
    offersDeduped: 0,
    allocations: [],
    held: [],
    rankingInputs: [],
    totalCost: eur(0),
    savingsVsMarket: eur(0),
    engineMs: 1,
    createdBy: "system",
    createdAt: "2026-11-21T19:00:00.000Z",
    updatedAt: "2026-11-21T19:00:00.000Z",
    ...over,
  };
}

describe("wave view", () => {
  it("offers each hotel once per tier at its cheapest offer, best score first, filtered last, with the rooms the wave left", () => {
    const w = wave({
      rankingInputs: [
        input({ hotelUrn: "urn:svc:hotel:a", hotelName: "A", nightlyRate: eur(120), provider: "EXPEDIA_RAPID", weightedScore: 0.7 }),
        input({ hotelUrn: "urn:svc:hotel:a", hotelName: "A", nightlyRate: eur(100), provider: "DIRECT", weightedScore: 0.8 }),
        input({ hotelUrn: "urn:svc:hotel:b", hotelName: "B", weightedScore: null, roomsAvailable: 3 }),
        input({ hotelUrn: "urn:svc:hotel:c", hotelName: "C", weightedScore: 0.9, roomsAvailable: 4 }),
        input({ tier: "CREW", hotelUrn: "urn:svc:hotel:b", hotelName: "B", weightedScore: 0.4 }),
      ],
      allocations: [allocation({ groupId: "G1", hotelUrn: "urn:svc:hotel:c", rooms: 3 }), allocation({ groupId: "G2", hotelUrn: "urn:svc:hotel:c", rooms: 2 })],
    });
    const c = overrideCandidates(w);
    expect(c.ECONOMY.map((x) => [x.hotelName, x.provider, x.roomsLeft])).toEqual([
      ["C", "HOTELBEDS", 0],
      ["A", "DIRECT", 10],
      ["B", "HOTELBEDS", 3],
    ]);
    expect(c.CREW.map((x) => x.hotelName)).toEqual(["B"]);
  });

  it("lists held groups first for the override, then the placed ones with their hotel", () => {
    const w = wave({
      allocations: [allocation({ groupId: "G1", rooms: 2 })],
      held: [{ groupId: "H1", pnr: "H1", tier: null, rooms: 1, cause: "MIXED_TIER", constraint: null, detail: "", suggestions: [], reviewUrn: null }],
    });
    expect(overrideGroups(w)).toEqual([
      { groupId: "H1", tier: null, rooms: 1, hotelUrn: null, hotelName: null },
      { groupId: "G1", tier: "ECONOMY", rooms: 2, hotelUrn: "urn:svc:hotel:a", hotelName: "A" },
    ]);
  });

  it("groups the placements per hotel, most rooms first, summing rooms and cost", () => {
    const w = wave({
      rankingInputs: [input({ hotelUrn: "urn:svc:hotel:b", distanceKm: 7.5, stars: 4 })],
      allocations: [
        allocation({ groupId: "G1", hotelUrn: "urn:svc:hotel:a", hotelName: "A", rooms: 1, total: eur(100.1) }),
        allocation({ groupId: "G2", hotelUrn: "urn:svc:hotel:b", hotelName: "B", rooms: 2, total: eur(200.2) }),
        allocation({ groupId: "G3", hotelUrn: "urn:svc:hotel:b", hotelName: "B", rooms: 1, total: eur(100.1) }),
      ],
    });
    const hotels = placementsByHotel(w);
    expect(hotels.map((h) => [h.hotelName, h.rooms, h.cost.amount, h.groups.map((g) => g.groupId), h.distanceKm, h.stars])).toEqual([
      ["B", 3, 300.3, ["G2", "G3"], 7.5, 4],
      ["A", 1, 100.1, ["G1"], null, null],
    ]);
  });
});
