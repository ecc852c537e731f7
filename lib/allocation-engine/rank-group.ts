import type { Offer } from "@/lib/providers/offer";
import type { Provider, Tier } from "@/lib/vocabulary";
import { accessibleRoomsNeeded } from "./assign";
import { canonicalOffer, dedupe, round } from "./dedupe";
import { SCORE_DIGITS } from "./score";
import { tierContext } from "./tier";
import type { EngineGroup, EngineInput, EnginePolicy, EngineQuality } from "./types";

export type GroupRankingInput = Pick<EngineInput, "airport" | "currency" | "offers"> & {
  tier: Tier;
  policy: EnginePolicy;
  group: Pick<EngineGroup, "rooms" | "wheelchairPassengers" | "specialNeeds">;
  /** stay quality by hotelUrn, as EngineInput.quality */
  quality?: Readonly<Record<string, EngineQuality>>;
};

export type RankedHotel = { hotelUrn: string; hotelName: string; provider: Provider; providerOfferId: string; nightlyRate: number; score: number };

/**
 * One group placed alone, the way `allocate` places a group: the same canonical order and dedupe,
 * the tier's offer per hotel, the policy filter (every constraint, the minQuality gate included)
 * and the static score (cost, distance, quality by the policy's weights). Consolidation adds
 * nothing here: no other group of the run is in any hotel. Returns every compliant hotel with
 * rooms for the whole group (and the accessible rooms it needs), best first: the order
 * `bestHotels` would choose them in, not cut at four. For a stay that must be found again outside
 * a wave (a walked group's rehousing, lib/booking/rehouse-plan.ts), so it ranks as the wave ranks.
 */
export function rankGroup(input: GroupRankingInput): RankedHotel[] {
  // copies, as allocate makes them: the offer objects are the keys of their inventory slots
  const offers = input.offers.map((o) => ({ ...o })).sort(canonicalOffer);
  const hotels = dedupe(offers, input.airport);
  const slotOf = new Map<Offer, number>(offers.map((o, i) => [o, i]));
  const ctx = tierContext(input.tier, input.policy, hotels, slotOf, input.airport, input.currency, input.quality);
  const accessible = accessibleRoomsNeeded(input.group);
  const out: RankedHotel[] = [];
  ctx.ranked.forEach((c, p) => {
    const offer = c.offer!;
    // the rooms allocate's inventory starts from for this offer
    if (offer.roomsAvailable < input.group.rooms || Math.min(offer.accessibleRoomsAvailable, offer.roomsAvailable) < accessible) return;
    out.push({
      hotelUrn: c.hotel.hotelUrn,
      hotelName: c.hotel.name,
      provider: offer.provider,
      providerOfferId: offer.offerId,
      nightlyRate: offer.nightlyRate,
      score: round(ctx.staticScore[p], SCORE_DIGITS),
    });
  });
  return out;
}
