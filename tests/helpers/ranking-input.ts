import type { RankingInput } from "@/lib/allocation/schemas";

export const eur = (amount: number) => ({ amount, currency: "EUR" });

/** One ranked offer of a wave, neutral in every field but those a test names. */
export function rankingInput(over: Partial<RankingInput>): RankingInput {
  return {
    tier: "ECONOMY",
    hotelUrn: "urn:svc:hotel:a",
    hotelName: "A",
    provider: "HOTELBEDS",
    providerOfferId: "o",
    stars: 3,
    distanceKm: 5,
    bearingDeg: 90,
    nightlyRate: eur(100),
    roomsAvailable: 10,
    accessibleRoomsAvailable: 0,
    raw: { cost: 0, distance: 0, consolidation: 0 },
    normalized: { cost: 0, distance: 0, consolidation: 0 },
    weightedScore: 0.5,
    selected: false,
    roomsUsed: 0,
    reason: "",
    ...over,
  };
}
