import type { Allocation, RankingInput, Wave } from "@/lib/allocation/schemas";

/** A group as the override dialog lists it. */
export type OverrideGroup = { groupId: string; tier: string | null; rooms: number; hotelUrn: string | null; hotelName: string | null };

/** A hotel a tier may be moved to, with the rooms this wave left there (a hint: the verb decides). */
export type OverrideCandidate = Pick<RankingInput, "hotelUrn" | "hotelName" | "provider" | "stars" | "distanceKm" | "nightlyRate" | "weightedScore"> & {
  roomsLeft: number;
};

export type HotelPlacements = {
  hotelUrn: string;
  hotelName: string;
  distanceKm: number | null;
  stars: number | null;
  groups: Allocation[];
  rooms: number;
  cost: { amount: number; currency: string };
};

export function overrideGroups(wave: Wave): OverrideGroup[] {
  return [
    ...wave.held.map((h) => ({ groupId: h.groupId, tier: h.tier, rooms: h.rooms, hotelUrn: null, hotelName: null })),
    ...wave.allocations.map((a) => ({ groupId: a.groupId, tier: a.tier, rooms: a.rooms, hotelUrn: a.hotelUrn, hotelName: a.hotelName })),
  ];
}

/**
 * Per tier, each hotel once at the offer its tier saw cheapest (as the override verb prices it),
 * best score first and the filtered ones last; rooms left = the offer's rooms less this wave's
 * placements there.
 */
export function overrideCandidates(wave: Wave): Record<string, OverrideCandidate[]> {
  const used = new Map<string, number>();
  for (const a of wave.allocations) used.set(a.hotelUrn, (used.get(a.hotelUrn) ?? 0) + a.rooms);
  const byTier = new Map<string, Map<string, RankingInput>>();
  for (const r of wave.rankingInputs) {
    const hotels = byTier.get(r.tier) ?? new Map<string, RankingInput>();
    const seen = hotels.get(r.hotelUrn);
    if (!seen || r.nightlyRate.amount < seen.nightlyRate.amount) hotels.set(r.hotelUrn, r);
    byTier.set(r.tier, hotels);
  }
  const out: Record<string, OverrideCandidate[]> = {};
  for (const [tier, hotels] of byTier) {
    out[tier] = [...hotels.values()]
      .map((r) => ({
        hotelUrn: r.hotelUrn,
        hotelName: r.hotelName,
        provider: r.provider,
        stars: r.stars,
        distanceKm: r.distanceKm,
        nightlyRate: r.nightlyRate,
        weightedScore: r.weightedScore,
        roomsLeft: Math.max(0, r.roomsAvailable - (used.get(r.hotelUrn) ?? 0)),
      }))
      .sort((a, b) => (b.weightedScore ?? -1) - (a.weightedScore ?? -1) || a.nightlyRate.amount - b.nightlyRate.amount);
  }
  return out;
}

/** The hotels this wave used, most rooms first, with the groups placed at each. */
export function placementsByHotel(wave: Wave): HotelPlacements[] {
  const where = new Map<string, RankingInput>();
  for (const r of wave.rankingInputs) if (!where.has(r.hotelUrn)) where.set(r.hotelUrn, r);
  const byHotel = new Map<string, HotelPlacements>();
  for (const a of wave.allocations) {
    const seen = where.get(a.hotelUrn);
    const h = byHotel.get(a.hotelUrn) ?? {
      hotelUrn: a.hotelUrn,
      hotelName: a.hotelName,
      distanceKm: seen?.distanceKm ?? null,
      stars: seen?.stars ?? null,
      groups: [],
      rooms: 0,
      cost: { amount: 0, currency: a.total.currency },
    };
    h.groups.push(a);
    h.rooms += a.rooms;
    h.cost = { amount: Math.round((h.cost.amount + a.total.amount) * 100) / 100, currency: h.cost.currency };
    byHotel.set(a.hotelUrn, h);
  }
  return [...byHotel.values()].sort((a, b) => b.rooms - a.rooms || a.hotelName.localeCompare(b.hotelName));
}
