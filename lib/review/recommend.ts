import { and, eq, inArray, ne } from "drizzle-orm";
import { airports, cases, reviewItems, type ReviewItemRow } from "@/db/schema";
import { accessibleRoomsNeeded, allocate, type EngineGroup } from "@/lib/allocation-engine";
import { hotelScores } from "@/lib/hotels/quality-score";
import type { RankingInput, Wave } from "@/lib/allocation/schemas";
import type { Ctx } from "@/lib/context";
import { errorFields, log } from "@/lib/log";
import { caseContext, matchPolicies } from "@/lib/policies/match";
import type { Policy } from "@/lib/policies/schemas";
import type { Tier } from "@/lib/vocabulary";
import { applyCaseOverlays, overlayPolicy } from "@/lib/policies/case-overlays";
import { waveOffers } from "./relax-options";
import { AttemptedHotel, type Recommendation, type RelaxFields, type ReviewCategory } from "@/lib/records/review";
import { type ItemGroup, itemGroups, latestWave, roomsLeft, unhoused } from "./wave-context";

/** Categories whose groups want a hotel: the recommender has something to propose for them. */
export const RECOMMENDABLE: ReadonlySet<ReviewCategory> = new Set(["ALLOCATION_FAILED", "BOOKING_FAILED", "PARTIAL_FULFILLMENT"]);
export const MAX_RECOMMENDATIONS = 3;

const round2 = (n: number) => Math.round(n * 100) / 100;
type Item = Pick<ReviewItemRow, "caseUrn" | "category" | "affectedGroups" | "attemptedHotels" | "waveUrn">;
type Candidate = { rec: Recommendation; score: number; cost: number; key: string };

/**
 * The deterministic recommender (spec 2.4): at most three actions, the most viable first. Rebook
 * candidates come first — hotels the latest wave scored as compliant for the groups' tier, with
 * rooms (and accessible rooms) left for all of them after the wave's other placements, the hotels
 * the item already tried left out — best weighted score first. The last place goes to the cheapest
 * single-constraint relaxation: the pure engine is rerun read-only on the groups and the wave's
 * offers with one constraint eased (maxDistanceKm to the next hotel out, minStars one down,
 * maxNightlyRate to the next rate up, one required amenity dropped); the one that places the most
 * groups, then costs least, is proposed with what it would place and cost. Same data, same answer.
 */
export async function recommendFor(ctx: Ctx, item: Item): Promise<Recommendation[]> {
  if (!RECOMMENDABLE.has(item.category as ReviewCategory)) return [];
  const wave = await latestWave(ctx, item.caseUrn);
  // the item's own wave is still being written (persistWave recommends again once it is)
  if (!wave || (item.waveUrn && item.waveUrn > wave.urn)) return [];
  const groups = unhoused(await itemGroups(ctx, item.caseUrn, item.affectedGroups)).filter((g) => g.tier !== null);
  if (groups.length === 0) return [];
  const attempted = new Set(AttemptedHotel.array().catch([]).parse(item.attemptedHotels).map((h) => h.hotelUrn));
  for (const g of groups) if (g.hotelUrn) attempted.add(g.hotelUrn);

  const rebooks = rebookCandidates(wave, groups, attempted);
  let relax: Candidate | null = null;
  try {
    relax = await cheapestRelaxation(ctx, item.caseUrn, wave, groups);
  } catch (err) {
    // advisory only: a failed what-if never fails the change that opened the item
    log("warn", "review recommender: relaxation what-if failed", { caseUrn: item.caseUrn, ...errorFields(err) });
  }
  const picked = [...rebooks.slice(0, relax ? MAX_RECOMMENDATIONS - 1 : MAX_RECOMMENDATIONS), ...(relax ? [relax] : [])];
  return picked.map((c) => c.rec);
}

/** Computes and stores an item's recommendations (unless it has some already, e.g. from the agent). */
export async function recommendItem(ctx: Ctx, row: ReviewItemRow, { replace = false } = {}): Promise<ReviewItemRow> {
  if (!replace && row.recommendations.length > 0) return row;
  let recommendations: Recommendation[];
  try {
    recommendations = await recommendFor(ctx, row);
  } catch (err) {
    // advisory only: an unreadable old wave never fails the change that opened the item
    log("warn", "review recommender failed", { reviewUrn: row.urn, ...errorFields(err) });
    return row;
  }
  if (recommendations.length === 0 && row.recommendations.length === 0) return row;
  const [after] = await ctx.db.update(reviewItems).set({ recommendations }).where(eq(reviewItems.urn, row.urn)).returning();
  return after;
}

/** After a wave is written: recommendations for the unresolved items it opened. */
export async function recommendWaveItems(ctx: Ctx, caseUrn: string, waveUrn: string): Promise<void> {
  const items = await ctx.db
    .select()
    .from(reviewItems)
    .where(and(eq(reviewItems.caseUrn, caseUrn), eq(reviewItems.waveUrn, waveUrn), ne(reviewItems.state, "RESOLVED"), inArray(reviewItems.category, [...RECOMMENDABLE])));
  for (const item of items) await recommendItem(ctx, item);
}

function rebookCandidates(wave: Wave, groups: ItemGroup[], attempted: ReadonlySet<string>): Candidate[] {
  const tiers = [...new Set(groups.map((g) => g.tier!))];
  const except = new Set(groups.map((g) => g.groupId));
  const hotelUrns = [...new Set(wave.rankingInputs.filter((r) => r.tier === tiers[0] && r.weightedScore !== null && !attempted.has(r.hotelUrn)).map((r) => r.hotelUrn))];
  const out: Candidate[] = [];
  for (const hotelUrn of hotelUrns) {
    const offers = new Map<Tier, RankingInput>();
    for (const t of tiers) {
      const row = wave.rankingInputs.find((r) => r.tier === t && r.hotelUrn === hotelUrn && r.weightedScore !== null);
      if (row) offers.set(t, row);
    }
    if (offers.size !== tiers.length) continue;
    const need = new Map<string, { offer: RankingInput; rooms: number; accessible: number }>();
    let cost = 0;
    for (const g of groups) {
      const offer = offers.get(g.tier!)!;
      const key = `${offer.provider}|${offer.providerOfferId}`;
      const n = need.get(key) ?? { offer, rooms: 0, accessible: 0 };
      need.set(key, { offer, rooms: n.rooms + g.rooms, accessible: n.accessible + accessibleRoomsNeeded(g) });
      cost += offer.nightlyRate.amount * g.rooms * wave.nights;
    }
    const fits = [...need.values()].every(({ offer, rooms, accessible }) => {
      const left = roomsLeft(wave, offer, except);
      return left.rooms >= rooms && left.accessible >= accessible;
    });
    if (!fits) continue;
    const scores = [...offers.values()].map((o) => o.weightedScore!);
    const score = scores.reduce((s, x) => s + x, 0) / scores.length;
    const first = offers.get(tiers[0])!;
    const currency = first.nightlyRate.currency;
    const rooms = groups.reduce((s, g) => s + g.rooms, 0);
    out.push({
      key: hotelUrn,
      score,
      cost: round2(cost),
      rec: {
        action: "rebook",
        hotelUrn,
        reason: `${first.hotelName} (${first.provider}, ${first.distanceKm} km, ${first.stars ?? "unrated"}★) has room for the ${groups.length} group(s), ${rooms} room(s): score ${score.toFixed(3)}, ${round2(cost)} ${currency} for the stay.`,
        source: "deterministic",
        estimate: { groups: groups.length, groupsPlaced: groups.length, cost: { amount: round2(cost), currency } },
      },
    });
  }
  return out.sort((a, b) => b.score - a.score || a.cost - b.cost || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

type Relaxation = { field: keyof RelaxFields; value: unknown; from: unknown; label: string };

async function cheapestRelaxation(ctx: Ctx, caseUrn: string, wave: Wave, groups: ItemGroup[]): Promise<Candidate | null> {
  const [row] = await ctx.db.select().from(cases).where(eq(cases.urn, caseUrn)).limit(1);
  const [airport] = await ctx.db.select().from(airports).where(eq(airports.iata, wave.airport || row.airport)).limit(1);
  if (!row || !airport) return null;
  const tiers = [...new Set(groups.map((g) => g.tier!))];
  const matched = await matchPolicies(ctx, { ...caseContext(row), tiers });
  const base: Partial<Record<Tier, Policy | null>> = {};
  for (const t of tiers) base[t] = matched.get(t) ?? null;
  const policies = await applyCaseOverlays(ctx, caseUrn, base);
  const offers = await waveOffers(ctx, wave, airport, new Set(groups.map((g) => g.groupId)));
  const engineGroups: EngineGroup[] = groups.map((g) => ({ groupId: g.groupId, pnr: g.pnr, tier: g.tier, passengers: g.passengers, rooms: g.rooms, wheelchairPassengers: g.wheelchairPassengers, specialNeeds: g.specialNeeds }));
  // the same stay quality the wave saw (minQuality gate, quality weight)
  const quality = Object.fromEntries(await hotelScores(ctx.db, { tenant: ctx.principal.tenant, hotelUrns: [...new Set(offers.flatMap((o) => (o.hotelUrn ? [o.hotelUrn] : [])))] }));
  const run = (p: Partial<Record<Tier, Policy | null>>) =>
    allocate({ airport: { code: airport.iata, latitude: airport.latitude, longitude: airport.longitude }, nights: wave.nights, currency: airport.currency, groups: engineGroups, offers, policies: p, quality });
  const placedNow = run(policies).allocations.length;

  let best: (Candidate & { placed: number; order: number }) | null = null;
  for (const [order, r] of relaxations(tiers, policies, wave).entries()) {
    const relaxed: Partial<Record<Tier, Policy | null>> = {};
    for (const [t, p] of Object.entries(policies) as [Tier, Policy | null][]) relaxed[t] = p ? overlayPolicy(p, { [r.field]: r.value } as RelaxFields) : p;
    const result = run(relaxed);
    const placed = result.allocations.length;
    if (placed <= placedNow) continue;
    const cost = result.totalCost.amount;
    if (best && (placed < best.placed || (placed === best.placed && (cost > best.cost || (cost === best.cost && order > best.order))))) continue;
    best = {
      key: r.label,
      placed,
      order,
      score: 0,
      cost,
      rec: {
        action: "relaxPolicy",
        fields: [r.field],
        value: r.value,
        reason: `${r.label} would place ${placed} of ${groups.length} group(s) for ${cost} ${result.totalCost.currency} (this case only).`,
        source: "deterministic",
        estimate: { groups: groups.length, groupsPlaced: placed, cost: result.totalCost },
      },
    };
  }
  return best;
}

/** The single-constraint relaxations worth trying, in a fixed order (the tie-break). */
function relaxations(tiers: Tier[], policies: Partial<Record<Tier, Policy | null>>, wave: Wave): Relaxation[] {
  const out: Relaxation[] = [];
  const seen = new Set<string>();
  const add = (r: Relaxation) => {
    const key = `${r.field}=${JSON.stringify(r.value)}`;
    if (!seen.has(key)) {
      seen.add(key);
      out.push(r);
    }
  };
  for (const t of tiers) {
    const c = policies[t]?.constraints;
    if (!c) continue;
    const rows = wave.rankingInputs.filter((r) => r.tier === t);
    const farther = rows.map((r) => r.distanceKm).filter((d) => d > c.maxDistanceKm).sort((a, b) => a - b)[0];
    if (farther !== undefined && farther <= 1000) add({ field: "maxDistanceKm", from: c.maxDistanceKm, value: Math.ceil(farther), label: `maxDistanceKm ${c.maxDistanceKm} → ${Math.ceil(farther)}` });
    if (c.minStars > 1) add({ field: "minStars", from: c.minStars, value: c.minStars - 1, label: `minStars ${c.minStars} → ${c.minStars - 1}` });
    if (c.maxNightlyRate !== null) {
      const dearer = rows.map((r) => r.nightlyRate.amount).filter((a) => a > c.maxNightlyRate!).sort((a, b) => a - b)[0];
      if (dearer !== undefined) add({ field: "maxNightlyRate", from: c.maxNightlyRate, value: Math.ceil(dearer), label: `maxNightlyRate ${c.maxNightlyRate} → ${Math.ceil(dearer)}` });
    }
    for (const a of c.requiredAmenities) {
      const rest = c.requiredAmenities.filter((x) => x !== a);
      add({ field: "requiredAmenities", from: c.requiredAmenities, value: rest, label: `requiredAmenities without ${a}` });
    }
  }
  return out;
}
