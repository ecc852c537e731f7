import { z } from "zod";
import type { HeldCause, RankingInput } from "@/lib/allocation/schemas";
import { Offer } from "@/lib/providers/offer";
import { Amenity, PaymentMethod, Provider, Tier, type ReviewCategory, type ReviewPriority } from "@/lib/vocabulary";

/**
 * The allocation engine's input and output. Both are plain JSON (no Dates, Maps or classes) so the
 * engine can run in a worker thread and the output can be stored as the wave record as it is.
 * Money leaves the engine as `{ amount, currency }` rounded to cents; inside it is integer cents.
 */

export const EngineAirport = z.object({ code: z.string(), latitude: z.number(), longitude: z.number() });

/**
 * One PNR travelling together: never split, never sharing a room with another PNR. `rooms` is the
 * caller's count (one per two passengers rounded up, one per CREW member).
 */
export const EngineGroup = z.object({
  groupId: z.string(),
  pnr: z.string(),
  /** null: the passengers span several tiers (MIXED_TIER_GROUP, never allocated) */
  tier: Tier.nullable(),
  passengers: z.number().int().positive(),
  rooms: z.number().int().positive(),
  /**
   * Passengers who need a wheelchair-accessible room. The group needs min(wheelchairPassengers,
   * rooms) accessible rooms; with 0 here and WHEELCHAIR in specialNeeds it needs one.
   */
  wheelchairPassengers: z.number().int().nonnegative(),
  specialNeeds: z.array(z.string()),
  /** a passenger with reduced mobility or an unaccompanied child (EU261 Art. 11): placed first in the tier's pass, after the accessible-room groups */
  priority: z.boolean().optional(),
});
export type EngineGroup = z.infer<typeof EngineGroup>;

/**
 * The part of a policy the engine reads. A full `Policy` (lib/policies/schemas.ts) is accepted as
 * it is: extra fields are ignored. Weights: `allocationWeights`, else the defaults 0.60/0.25/0.15
 * with `consolidationWeight` (when given) as the consolidation weight; the scorer divides by their sum.
 */
export const EnginePolicy = z.looseObject({
  urn: z.string(),
  version: z.number().int(),
  constraints: z.looseObject({
    minStars: z.number().int().min(1).max(5),
    maxDistanceKm: z.number().positive(),
    maxNightlyRate: z.number().positive().nullable(),
    requiredAmenities: z.array(Amenity),
    excludedChains: z.array(z.string()),
    acceptedPayments: z.array(PaymentMethod).optional(),
    /** null or absent: every provider */
    allowProviders: z.array(Provider).nullable().optional(),
    /** 1–5: a hotel whose stay-quality score is below it is filtered out; null or absent: no gate. A hotel without a score (too few ratings) passes */
    minQuality: z.number().nullable().optional(),
  }),
  /** the top-level copy of constraints.acceptedPayments (either is read); default [GUARANTEE] */
  acceptedPayments: z.array(PaymentMethod).optional(),
  allocationWeights: z.object({ cost: z.number(), distance: z.number(), consolidation: z.number(), quality: z.number().optional() }).optional(),
  consolidationWeight: z.number().optional(),
});
export type EnginePolicy = z.infer<typeof EnginePolicy>;

/**
 * A hotel's stay quality (lib/hotels/quality-score.ts): the mean rating, null below the minimum number of
 * ratings, and how many ratings there are. Computed by the caller from the tenant's ratings.
 */
export const EngineQuality = z.object({ score: z.number().nullable(), ratings: z.number().int().nonnegative() });
export type EngineQuality = z.infer<typeof EngineQuality>;

export const EngineInput = z.object({
  airport: EngineAirport,
  nights: z.number().int().positive(),
  /** the airport's currency; an offer in another currency is filtered out */
  currency: z.string().length(3),
  groups: z.array(EngineGroup),
  /** raw offers of every source, duplicates included */
  offers: z.array(Offer),
  /** per tier the matched ACTIVE policy, null (or absent) when none matched */
  policies: z.partialRecord(Tier, EnginePolicy.nullable()),
  /** stay quality by hotelUrn; a hotel absent (or the whole map absent) has no score: it passes minQuality and scores as neutral */
  quality: z.record(z.string(), EngineQuality).optional(),
});
export type EngineInput = z.infer<typeof EngineInput>;

// Output ----------------------------------------------------------------------------------------

export type Money = { amount: number; currency: string };

/** Dedupe rules of spec 4.8, in the order they are applied. */
export type DedupeRule = "SAME_HOTEL_ID" | "NEARBY_SAME_STARS" | "SAME_NAME_ADDRESS";

export type HotelOffer = {
  provider: Provider;
  offerId: string;
  nightlyRate: number;
  roomsAvailable: number;
  accessibleRoomsAvailable: number;
  /** null for the hotel's winning offer; otherwise the rule that merged it and the offer it matched */
  mergedBy: { rule: DedupeRule; matched: string } | null;
};

/** A hotel after dedupe: every offer that describes it, the cheapest first (ties: DIRECT first). */
export type EngineHotel = {
  /** the winner's hotelUrn, else any member's, else `key:<hotelKey>`, else `<provider>:<providerHotelId>` */
  hotelUrn: string;
  hotelKey: string | null;
  chainId: string | null;
  name: string;
  address: string;
  phone: string | null;
  latitude: number;
  longitude: number;
  stars: number | null;
  distanceKm: number;
  /** the winning offer: cheapest, ties prefer DIRECT */
  provider: Provider;
  offerId: string;
  nightlyRate: number;
  /** cheapest non-DIRECT offer of the same hotel, null when only direct contracts offer it */
  marketRate: number | null;
  offers: HotelOffer[];
};

export type EngineFallback = { hotelUrn: string; provider: Provider; providerOfferId: string; score: number };

/** One placed group (the wave's `Allocation` without the operator override). */
export type EngineAllocation = {
  groupId: string;
  pnr: string;
  tier: Tier;
  passengers: number;
  rooms: number;
  /** rooms of `rooms` that are wheelchair accessible */
  accessibleRooms: number;
  hotelUrn: string;
  hotelName: string;
  provider: Provider;
  providerOfferId: string;
  nightlyRate: Money;
  /** nightly rate × rooms × nights */
  total: Money;
  /** weighted score of the chosen hotel when the group was placed, 0–1 */
  score: number;
  /** next-ranked compliant hotels with room for the group when it was placed (ranks 2–4) */
  fallbacks: EngineFallback[];
  policyUrn: string;
  policyVersion: number;
};

/**
 * A group that fits nowhere (the wave's `HeldGroup` without the review URN). The caller opens one
 * review item per held group with `category` and `priority`; NO_POLICY and MIXED_TIER also move
 * the case to MANUAL_REVIEW (`caseToManualReview`).
 */
export type EngineHeld = {
  groupId: string;
  pnr: string;
  tier: Tier | null;
  rooms: number;
  cause: HeldCause;
  /** FILTERED_OUT: the constraint that removed the most hotels in radius; else null */
  constraint: string | null;
  detail: string;
  suggestions: string[];
  category: Extract<ReviewCategory, "ALLOCATION_FAILED" | "POLICY_VIOLATION" | "MIXED_TIER_GROUP">;
  priority: ReviewPriority;
};

export type EngineRankingInput = RankingInput;

/** `quality` absent counts as 0: the scorer is then exactly the one before stay quality existed */
export type EngineWeights = { cost: number; distance: number; consolidation: number; quality?: number };

export type EngineResult = {
  offersRaw: number;
  offersDeduped: number;
  hotels: EngineHotel[];
  /** one entry per evaluated candidate per tier (spec 2.5), in pass order, best first */
  rankingInputs: EngineRankingInput[];
  allocations: EngineAllocation[];
  held: EngineHeld[];
  totalCost: Money;
  /** Σ (market rate − direct rate) × rooms × nights over groups placed on a direct contract */
  savingsVsMarket: Money;
  policiesUsed: { tier: Tier; policyUrn: string; version: number; weights: EngineWeights }[];
  /** a group is mixed-tier or a tier has no policy: the case goes to MANUAL_REVIEW */
  caseToManualReview: boolean;
  /** COMPLETE: nothing held; PARTIAL: some placed, some held; FAILED: none placed */
  status: "COMPLETE" | "PARTIAL" | "FAILED";
};
