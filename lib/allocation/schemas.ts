import { z } from "zod";
import { IsoTime, Money, Reason, Text, Urn } from "@/lib/primitives";
import { Provider, Tier, WaveStatus, WaveTrigger } from "@/lib/vocabulary";

/**
 * The allocation wave as the API and the console show it (spec 2.5, 4.5): every candidate with its
 * scores and the reason it was kept or dropped, the assignments, the held groups and why, the cost
 * and the savings of direct contracts, the sources that answered and the policies used.
 */

const Iso = IsoTime;


export const HELD_CAUSES = ["NO_POLICY", "MIXED_TIER", "NO_HOTEL_IN_RADIUS", "FILTERED_OUT", "CAPACITY", "NO_ACCESSIBLE_ROOM"] as const;
export const HeldCause = z.enum(HELD_CAUSES).meta({
  id: "HeldCause",
  description:
    "why a group fits nowhere (spec 7): NO_POLICY (no ACTIVE policy for its tier: POLICY_VIOLATION), MIXED_TIER (MIXED_TIER_GROUP), " +
    "NO_HOTEL_IN_RADIUS, FILTERED_OUT (every hotel in radius failed a constraint, named in `constraint`), CAPACITY (compliant hotels are full), " +
    "NO_ACCESSIBLE_ROOM (a WHEELCHAIR passenger and no compliant hotel with an accessible room left)",
});
export type HeldCause = z.infer<typeof HeldCause>;

export const WaveSource = z
  .object({
    provider: Provider,
    ok: z.boolean(),
    ms: z.number().int().meta({ description: "time the source took to answer (0 when served from the cache)" }),
    offers: z.number().int(),
    cached: z.boolean(),
    error: z.string().nullable().meta({ description: "why the source failed; the wave went on without it" }),
  })
  .meta({ id: "WaveSource" });
export type WaveSource = z.infer<typeof WaveSource>;

export const WavePolicy = z.object({ tier: Tier, policyUrn: z.string(), version: z.number().int() }).meta({ id: "WavePolicy" });

export const Fallback = z
  .object({ hotelUrn: z.string(), provider: Provider, providerOfferId: z.string(), score: z.number() })
  .meta({ id: "AllocationFallback", description: "the next-ranked compliant hotels (ranks 2–4): the booking's fallbacks" });

export const Allocation = z
  .object({
    groupId: z.string(),
    pnr: z.string(),
    tier: Tier,
    passengers: z.number().int(),
    rooms: z.number().int(),
    accessibleRooms: z.number().int().meta({ description: "rooms of `rooms` that are wheelchair accessible" }),
    hotelUrn: z.string(),
    hotelName: z.string(),
    provider: Provider,
    providerOfferId: z.string(),
    nightlyRate: Money,
    total: Money.meta({ description: "nightly rate × rooms × nights" }),
    score: z.number(),
    fallbacks: z.array(Fallback),
    override: z
      .object({ by: z.string(), at: Iso, reason: z.string(), fromHotelUrn: z.string() })
      .nullable()
      .meta({ description: "set when a supervisor moved this group (POST …/override)" }),
  })
  .meta({ id: "Allocation" });
export type Allocation = z.infer<typeof Allocation>;

export const HeldGroup = z
  .object({
    groupId: z.string(),
    pnr: z.string(),
    tier: Tier.nullable(),
    rooms: z.number().int(),
    cause: HeldCause,
    constraint: z.string().nullable().meta({ description: "for FILTERED_OUT: the constraint that removed the most candidates" }),
    detail: z.string(),
    suggestions: z.array(z.string()).meta({ description: "what would help (spec 7's next steps)" }),
    reviewUrn: z.string().nullable().meta({ description: "the review item opened for this group" }),
  })
  .meta({ id: "HeldGroup" });
export type HeldGroup = z.infer<typeof HeldGroup>;

export const RankingInput = z
  .object({
    tier: Tier,
    hotelUrn: z.string(),
    hotelName: z.string(),
    provider: Provider,
    providerOfferId: z.string(),
    stars: z.number().int().nullable(),
    distanceKm: z.number(),
    bearingDeg: z.number().meta({ description: "direction from the airport, degrees clockwise from north" }),
    nightlyRate: Money,
    roomsAvailable: z.number().int(),
    accessibleRoomsAvailable: z.number().int(),
    raw: z.object({ cost: z.number(), distance: z.number(), consolidation: z.number() }).meta({ description: "the scorer's raw inputs" }),
    normalized: z.object({ cost: z.number(), distance: z.number(), consolidation: z.number() }).meta({ description: "each in 0–1, higher is better" }),
    weightedScore: z.number().nullable().meta({ description: "null for a candidate filtered out before scoring" }),
    selected: z.boolean(),
    roomsUsed: z.number().int(),
    reason: z.string().meta({ description: "why the candidate was selected or discarded" }),
  })
  .meta({ id: "RankingInput" });
export type RankingInput = z.infer<typeof RankingInput>;

export const Wave = z
  .object({
    urn: z.string(),
    caseUrn: z.string(),
    demandUrn: z.string().nullable(),
    trigger: WaveTrigger,
    reason: z.string().nullable().meta({ description: "the rerun's reason" }),
    status: WaveStatus,
    airport: z.string(),
    nights: z.number().int(),
    policies: z.array(WavePolicy),
    sources: z.array(WaveSource),
    degraded: z.boolean().meta({ description: "a source failed or timed out: the wave was computed without it" }),
    offersRaw: z.number().int(),
    offersDeduped: z.number().int(),
    allocations: z.array(Allocation),
    held: z.array(HeldGroup),
    rankingInputs: z.array(RankingInput),
    totalCost: Money,
    savingsVsMarket: Money.meta({ description: "direct contracts versus the cheapest market offer of the same hotel" }),
    engineMs: z.number().int(),
    createdBy: z.string(),
    createdAt: Iso,
    updatedAt: Iso,
  })
  .meta({ id: "AllocationWave" });
export type Wave = z.infer<typeof Wave>;

// Inputs ------------------------------------------------------------------------------------------

export const WaveRef = z.object({ waveUrn: Urn("wave") });

export const OverrideBody = z
  .object({
    groupId: Text.trim().min(1, "required").max(200).meta({ description: "the group to move" }),
    hotelUrn: Urn("hotel").meta({ description: "a hotel among the wave's candidates (rankingInputs) for the group's tier" }),
    reason: Reason,
  })
  .meta({ id: "WaveOverride" });
export const OverrideWaveInput = OverrideBody.extend({ waveUrn: Urn("wave") });
export type OverrideWaveInput = z.input<typeof OverrideWaveInput>;

export const RerunBody = z.object({ reason: Reason }).meta({ id: "WaveRerun" });
export const RerunWaveInput = RerunBody.extend({ waveUrn: Urn("wave") });
export type RerunWaveInput = z.input<typeof RerunWaveInput>;
