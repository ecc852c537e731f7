import { z } from "zod";
import { allocate, type EngineGroup, type EngineResult } from "@/lib/allocation-engine";
import type { Ctx } from "@/lib/context";
import { caseSystems } from "@/lib/peers/case-systems";
import { errorFields, log } from "@/lib/log";
import type { Policy } from "@/lib/policies/schemas";
import type { Offer } from "@/lib/providers/offer";
import { searchHotelOffers } from "@/lib/providers/search";
import { overlayPolicy } from "@/lib/policies/case-overlays";
import { waveOffers } from "@/lib/review/relax-options";
import { RelaxFields } from "@/lib/records/review";
import type { Tier } from "@/lib/vocabulary";
import type { Situation } from "./situation";

/**
 * The exception agent's tools: a typed registry of exactly three read-only verbs over one review
 * item's situation. None books, cancels, notifies or writes anything; each reads the database and
 * the providers and runs the pure allocation engine. The model calls them by name with JSON
 * arguments the input schema parses; what they return is plain data.
 */
export type AgentTool<I extends z.ZodType, O> = {
  description: string;
  input: I;
  /** a tool that changes anything does not belong here; the module-load check refuses it */
  readOnly: true;
  run: (ctx: Ctx, s: Situation, input: z.output<I>) => Promise<O>;
};

const round2 = (n: number) => Math.round(n * 100) / 100;
const RELAXABLE = ["maxDistanceKm", "minStars", "maxNightlyRate", "requiredAmenities"] as const;

export const HELD_TO_CAUSE = {
  NO_POLICY: "no policy matches the case's context",
  MIXED_TIER: "a group's passengers span several tiers",
  NO_HOTEL_IN_RADIUS: "no hotels in the search radius",
  FILTERED_OUT: "every candidate was filtered out by the policy",
  CAPACITY: "not enough rooms in the compliant hotels",
  NO_ACCESSIBLE_ROOM: "not enough accessible rooms",
} as const;
export const FAILURE_CAUSES = [...(Object.keys(HELD_TO_CAUSE) as (keyof typeof HELD_TO_CAUSE)[]), "BOOKING_REFUSED", "PAYMENT_REFUSED", "STALE_OFFERS", "UNKNOWN"] as const;
export type FailureCause = (typeof FAILURE_CAUSES)[number];

/** Keeps each tool's input and output types while the registry is checked as a whole. */
const readOnlyTool = <I extends z.ZodType, O>(t: AgentTool<I, O>) => t;

export const agentTools = {
  searchAlternateHotels: readOnlyTool({
    description:
      "Search the hotel providers again for the item's groups and keep the hotels the case's policy allows for their tier, best score first, with rooms left, distance, nightly rate and how far over the rate cap. Hotels already tried are left out.",
    input: z.object({ limit: z.number().int().min(1).max(10).default(5) }).strict(),
    readOnly: true,
    run: searchAlternateHotels,
  }),
  costRelaxation: readOnlyTool({
    description:
      "What relaxing one policy constraint for this case only would achieve: the allocation engine rerun read-only on the latest wave's offers with that constraint changed; answers groups placed and cost before and after.",
    input: z.object({ constraint: z.enum(RELAXABLE), value: z.unknown() }).strict(),
    readOnly: true,
    run: costRelaxation,
  }),
  classifyFailure: readOnlyTool({
    description:
      "Classify why the item's groups have no hotel (no policy, mixed tiers, no hotel in the radius, filtered out, capacity, accessible rooms, booking or payment refused) with the numbers behind it and the single-constraint relaxations worth costing.",
    input: z.object({}).strict(),
    readOnly: true,
    run: classifyFailure,
  }),
} satisfies Record<string, Pick<AgentTool<z.ZodType, unknown>, "description" | "input" | "readOnly">>;

export type AgentToolName = keyof typeof agentTools;
export const AGENT_TOOL_NAMES = Object.keys(agentTools) as AgentToolName[];

// a broken rule fails at module load, not in front of an operator at 2 a.m.
for (const [name, t] of Object.entries(agentTools)) {
  if (t.readOnly !== true) throw new Error(`agent tool ${name} must be read-only`);
  if (/book|cancel|notify|send|delete|update|create|pay/i.test(name)) throw new Error(`agent tool ${name} is named like a write`);
}
if (AGENT_TOOL_NAMES.length !== 3) throw new Error("the exception agent has exactly three tools");

// search ----------------------------------------------------------------------------------------

export type HotelCandidate = {
  hotelUrn: string;
  name: string;
  tier: Tier;
  stars: number | null;
  distanceKm: number;
  nightlyRate: number;
  currency: string;
  roomsAvailable: number;
  fitsAllGroups: boolean;
  overCap: number | null;
  score: number;
};

async function searchAlternateHotels(ctx: Ctx, s: Situation, input: { limit: number }): Promise<{ source: "providers" | "wave"; roomsNeeded: number; hotels: HotelCandidate[] }> {
  let offers: Offer[];
  let source: "providers" | "wave" = "providers";
  try {
    offers = (await searchHotelOffers({ ctx, input: { airport: s.airport.iata, checkIn: s.checkIn, checkOut: s.checkOut, rooms: 1 }, ...(await (await caseSystems(ctx, s.caseRow)).search()) })).offers;
  } catch (err) {
    // the providers failing is no reason to stop: the wave's own offers are the next best thing
    log("warn", "agent: provider search failed, using the wave's offers", { reviewUrn: s.item.urn, ...errorFields(err) });
    offers = [];
  }
  if (offers.length === 0 && s.wave) {
    offers = await waveOffers(ctx, s.wave, s.airport, new Set(s.groups.map((g) => g.groupId)));
    source = "wave";
  }
  const roomsNeeded = s.groups.reduce((n, g) => n + g.rooms, 0);
  const result = run(s, offers, s.policies);
  const seen = new Set<string>();
  const hotels: HotelCandidate[] = [];
  const rows = [...result.rankingInputs].filter((r) => r.weightedScore !== null && !s.attempted.has(r.hotelUrn));
  rows.sort((a, b) => b.weightedScore! - a.weightedScore! || a.nightlyRate.amount - b.nightlyRate.amount || (a.hotelUrn < b.hotelUrn ? -1 : 1));
  for (const r of rows) {
    if (seen.has(r.hotelUrn)) continue;
    seen.add(r.hotelUrn);
    const cap = s.policies[r.tier]?.constraints.maxNightlyRate ?? null;
    hotels.push({
      hotelUrn: r.hotelUrn,
      name: r.hotelName,
      tier: r.tier,
      stars: r.stars,
      distanceKm: r.distanceKm,
      nightlyRate: r.nightlyRate.amount,
      currency: r.nightlyRate.currency,
      roomsAvailable: r.roomsAvailable,
      fitsAllGroups: r.roomsAvailable >= roomsNeeded,
      overCap: cap === null ? null : round2(Math.max(0, r.nightlyRate.amount - cap)),
      score: round2(r.weightedScore!),
    });
  }
  return { source, roomsNeeded, hotels: hotels.slice(0, input.limit) };
}

// relaxation ------------------------------------------------------------------------------------

export type RelaxationCost = {
  constraint: (typeof RELAXABLE)[number];
  value: unknown;
  from: unknown;
  groups: number;
  baselinePlaced: number;
  groupsPlaced: number;
  cost: { amount: number; currency: string };
  extraCost: { amount: number; currency: string };
  compliantHotels: number;
  extraHotels: number;
};

async function costRelaxation(ctx: Ctx, s: Situation, input: { constraint: (typeof RELAXABLE)[number]; value: unknown }): Promise<RelaxationCost> {
  const fields = RelaxFields.safeParse({ [input.constraint]: input.value });
  if (!fields.success) throw new Error(`${input.constraint}: ${fields.error.issues.map((i) => i.message).join("; ")}`);
  if (!s.wave) throw new Error("the case has no allocation wave to rerun");
  const offers = await waveOffers(ctx, s.wave, s.airport, new Set(s.groups.map((g) => g.groupId)));
  const relaxed: Partial<Record<Tier, Policy | null>> = {};
  for (const [t, p] of Object.entries(s.policies) as [Tier, Policy | null][]) relaxed[t] = p ? overlayPolicy(p, fields.data) : p;
  const before = run(s, offers, s.policies);
  const after = run(s, offers, relaxed);
  const firstPolicy = Object.values(s.policies).find((p): p is Policy => Boolean(p));
  const hotelsOf = (r: EngineResult) => new Set(r.rankingInputs.filter((x) => x.weightedScore !== null).map((x) => x.hotelUrn)).size;
  return {
    constraint: input.constraint,
    value: fields.data[input.constraint],
    from: firstPolicy?.constraints[input.constraint] ?? null,
    groups: s.groups.length,
    baselinePlaced: before.allocations.length,
    groupsPlaced: after.allocations.length,
    cost: after.totalCost,
    extraCost: { amount: round2(after.totalCost.amount - before.totalCost.amount), currency: after.totalCost.currency },
    compliantHotels: hotelsOf(after),
    extraHotels: hotelsOf(after) - hotelsOf(before),
  };
}

// classification --------------------------------------------------------------------------------

export type Classification = {
  cause: FailureCause;
  detail: string;
  roomsNeeded: number;
  compliantRooms: number;
  groups: number;
  suggestedRelaxations: { constraint: (typeof RELAXABLE)[number]; value: unknown }[];
};

async function classifyFailure(_ctx: Ctx, s: Situation): Promise<Classification> {
  const roomsNeeded = s.groups.reduce((n, g) => n + g.rooms, 0);
  const tiers = new Set(s.groups.map((g) => g.tier));
  const rows = s.wave?.rankingInputs.filter((r) => tiers.has(r.tier)) ?? [];
  const offersSeen = new Map<string, number>();
  for (const r of rows) if (r.weightedScore !== null) offersSeen.set(`${r.provider}|${r.providerOfferId}`, r.roomsAvailable);
  const compliantRooms = [...offersSeen.values()].reduce((n, x) => n + x, 0);
  const ids = new Set(s.item.affectedGroups);
  const held = s.wave?.held.filter((h) => ids.has(h.groupId)) ?? [];
  const heldCause = held[0]?.cause;

  let cause: FailureCause;
  if (s.item.category === "PAYMENT_FAILED") cause = "PAYMENT_REFUSED";
  else if (s.item.category === "POLICY_VIOLATION" || heldCause === "NO_POLICY") cause = "NO_POLICY";
  else if (s.item.category === "MIXED_TIER_GROUP" || s.mixedTierGroups > 0 || heldCause === "MIXED_TIER") cause = "MIXED_TIER";
  else if (heldCause) cause = heldCause;
  else if (s.item.category === "BOOKING_FAILED" || s.item.category === "PARTIAL_FULFILLMENT") cause = "BOOKING_REFUSED";
  else cause = "UNKNOWN";

  const constraint = held.find((h) => h.constraint)?.constraint ?? null;
  const details: Record<FailureCause, string> = {
    NO_POLICY: "no policy: no ACTIVE policy matches the case's context and tier",
    MIXED_TIER: `mixed tiers: ${s.mixedTierGroups || held.length} group(s) span several tiers and must be split`,
    NO_HOTEL_IN_RADIUS: `no hotels: the search radius holds no hotel for the tier (${rows.length} offer(s) seen)`,
    FILTERED_OUT: `filtered out: every candidate failed the policy${constraint ? `, mostly on ${constraint}` : ""}`,
    CAPACITY: `capacity: the radius holds ${compliantRooms} compliant room(s) for ${roomsNeeded} needed`,
    NO_ACCESSIBLE_ROOM: `accessible rooms: ${s.groups.reduce((n, g) => n + g.wheelchairPassengers, 0)} wheelchair passenger(s) and too few accessible rooms`,
    BOOKING_REFUSED: `booking refused: ${s.attempted.size} hotel(s) tried, each refused or errored`,
    PAYMENT_REFUSED: "payment refused: the payment service provider rejected the card or token",
    STALE_OFFERS: "stale offers: the estimate and the actual cost differ; invalidate the cache and rerun",
    UNKNOWN: "unknown: nothing in the latest wave explains the failure",
  };
  return { cause, detail: details[cause], roomsNeeded, compliantRooms, groups: s.groups.length, suggestedRelaxations: suggestions(s, constraint) };
}

/** The single-constraint relaxations worth costing, the one that filtered most first. */
function suggestions(s: Situation, first: string | null): Classification["suggestedRelaxations"] {
  const out: Classification["suggestedRelaxations"] = [];
  for (const [tier, p] of Object.entries(s.policies) as [Tier, Policy | null][]) {
    if (!p) continue;
    const c = p.constraints;
    const rows = s.wave?.rankingInputs.filter((r) => r.tier === tier) ?? [];
    const farther = rows.map((r) => r.distanceKm).filter((d) => d > c.maxDistanceKm).sort((a, b) => a - b)[0];
    if (farther !== undefined && farther <= 1000) out.push({ constraint: "maxDistanceKm", value: Math.ceil(farther) });
    if (c.maxNightlyRate !== null) {
      const dearer = rows.map((r) => r.nightlyRate.amount).filter((a) => a > c.maxNightlyRate!).sort((a, b) => a - b)[0];
      if (dearer !== undefined) out.push({ constraint: "maxNightlyRate", value: Math.ceil(dearer) });
    }
    if (c.minStars > 1) out.push({ constraint: "minStars", value: c.minStars - 1 });
    if (c.requiredAmenities.length) out.push({ constraint: "requiredAmenities", value: c.requiredAmenities.slice(1) });
  }
  const unique = [...new Map(out.map((r) => [r.constraint, r])).values()];
  return unique.sort((a, b) => Number(b.constraint === first) - Number(a.constraint === first));
}

function run(s: Situation, offers: Offer[], policies: Partial<Record<Tier, Policy | null>>): EngineResult {
  const groups: EngineGroup[] = s.groups.map((g) => ({ groupId: g.groupId, pnr: g.pnr, tier: g.tier, passengers: g.passengers, rooms: g.rooms, wheelchairPassengers: g.wheelchairPassengers, specialNeeds: g.specialNeeds }));
  return allocate({ airport: { code: s.airport.iata, latitude: s.airport.latitude, longitude: s.airport.longitude }, nights: s.nights, currency: s.airport.currency, groups, offers, policies });
}
