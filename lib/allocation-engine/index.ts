import type { Offer } from "@/lib/providers/offer";
import { TIERS, type Tier } from "@/lib/vocabulary";
import { accessibleRoomsNeeded, bestHotels, takeRooms, whyNoRoom, type Inventory } from "./assign";
import { canonicalOffer, cents, cmp, dedupe, round, RULE_TEXT, type Hotel } from "./dedupe";
import { heldEntry } from "./held";
import { consolidationScore, SCORE_DIGITS, weightedScore } from "./score";
import { tierContext, type Candidate, type TierContext } from "./tier";
import type { EngineAllocation, EngineGroup, EngineHeld, EngineHotel, EngineInput, EngineRankingInput, EngineResult, Money } from "./types";

export * from "./types";
export { accessibleRoomsNeeded } from "./assign";
export { rankGroup, type GroupRankingInput, type RankedHotel } from "./rank-group";
export { DEFAULT_WEIGHTS, weightsOf } from "./score";

/** Spec 4.8 step 2: the passes, in order; each sees the inventory the previous ones left. */
export const PASSES: readonly (readonly Tier[])[] = [["FIRST", "BUSINESS"], ["PREMIUM_ECONOMY"], ["ECONOMY"], ["CREW"]];

/**
 * The allocation engine (spec 4.8): preprocess, dedupe, then per pass filter, score and assign.
 * Pure and deterministic: no I/O, no clock, no randomness; inputs are put in a canonical order
 * first and money is summed in integer cents, so any order of the same input gives a
 * byte-identical result. Exported as the default too, for a worker-thread pool.
 */
export function allocate(input: EngineInput): EngineResult {
  const { airport, nights, currency } = input;
  // copies: inventory is keyed by offer object, and one object listed twice must stay two offers
  const offers = input.offers.map((o) => ({ ...o })).sort(canonicalOffer);
  const groups = [...input.groups].sort((a, b) => cmp(a.groupId, b.groupId) || cmp(a.pnr, b.pnr) || cmp(JSON.stringify(a), JSON.stringify(b)));
  const hotels = dedupe(offers, airport);

  const slotOf = new Map<Offer, number>(offers.map((o, i) => [o, i]));
  const inv: Inventory = {
    roomsLeft: Int32Array.from(offers, (o) => o.roomsAvailable),
    accessibleLeft: Int32Array.from(offers, (o) => Math.min(o.accessibleRoomsAvailable, o.roomsAvailable)),
    groupsInHotel: new Int32Array(hotels.length),
  };

  const held: EngineHeld[] = [];
  const allocations: EngineAllocation[] = [];
  const rankingInputs: EngineRankingInput[] = [];
  const policiesUsed: EngineResult["policiesUsed"] = [];

  // preprocess: a group whose passengers span tiers is never allocated
  for (const g of groups) if (g.tier === null) held.push(heldEntry(g, { cause: "MIXED_TIER", constraint: null, detail: "The group's passengers span several tiers; it is allocated once split by tier." }));

  for (const pass of PASSES) {
    const contexts = new Map<Tier, TierContext>();
    const work: { g: EngineGroup; ctx: TierContext; accessible: number }[] = [];
    for (const tier of pass) {
      const tierGroups = groups.filter((g) => g.tier === tier);
      if (tierGroups.length === 0) continue;
      const policy = input.policies[tier] ?? null;
      if (!policy) {
        for (const g of tierGroups)
          held.push(heldEntry(g, { cause: "NO_POLICY", constraint: null, detail: `No ACTIVE policy matches tier ${tier} in this case's context.` }));
        continue;
      }
      const ctx = tierContext(tier, policy, hotels, slotOf, airport, currency, input.quality);
      contexts.set(tier, ctx);
      policiesUsed.push({ tier, policyUrn: policy.urn, version: policy.version, weights: ctx.weights });
      for (const g of tierGroups) {
        if (ctx.noCandidate) held.push(heldEntry(g, ctx.noCandidate));
        else work.push({ g, ctx, accessible: accessibleRoomsNeeded(g) });
      }
    }
    // the hardest to place first: wheelchair groups, then the other priority groups (EU261 Art. 11),
    // then larger groups; ids break ties
    work.sort((a, b) => b.accessible - a.accessible || Number(!!b.g.priority) - Number(!!a.g.priority) || b.g.rooms - a.g.rooms || TIERS.indexOf(a.g.tier!) - TIERS.indexOf(b.g.tier!) || cmp(a.g.groupId, b.g.groupId));

    const roomsUsed = new Map<TierContext, Map<number, { groups: number; rooms: number }>>();
    for (const { g, ctx, accessible } of work) {
      const best = bestHotels(ctx, inv, g.rooms, accessible);
      if (best.positions.length === 0) {
        held.push(heldEntry(g, whyNoRoom(ctx, inv, g, accessible)));
        continue;
      }
      const p = best.positions[0];
      const c = ctx.ranked[p];
      const offer = c.offer!;
      const accessibleRooms = takeRooms(inv, ctx.slot[p], g.rooms, accessible);
      inv.groupsInHotel[c.hotel.index]++;
      const used = roomsUsed.get(ctx) ?? new Map();
      roomsUsed.set(ctx, used);
      const u = used.get(p) ?? { groups: 0, rooms: 0 };
      used.set(p, { groups: u.groups + 1, rooms: u.rooms + g.rooms });
      const rateCents = cents(offer.nightlyRate);
      allocations.push({
        groupId: g.groupId,
        pnr: g.pnr,
        tier: g.tier!,
        passengers: g.passengers,
        rooms: g.rooms,
        accessibleRooms,
        hotelUrn: c.hotel.hotelUrn,
        hotelName: c.hotel.name,
        provider: offer.provider,
        providerOfferId: offer.offerId,
        nightlyRate: money(rateCents, currency),
        total: money(rateCents * g.rooms * nights, currency),
        score: round(best.scores[0], SCORE_DIGITS),
        fallbacks: best.positions.slice(1).map((q, i) => ({
          hotelUrn: ctx.ranked[q].hotel.hotelUrn,
          provider: ctx.ranked[q].offer!.provider,
          providerOfferId: ctx.ranked[q].offer!.offerId,
          score: round(best.scores[i + 1], SCORE_DIGITS),
        })),
        policyUrn: ctx.policy.urn,
        policyVersion: ctx.policy.version,
      });
    }
    for (const ctx of contexts.values()) rankingInputs.push(...rankTier(ctx, inv, roomsUsed.get(ctx) ?? new Map(), nights, currency));
  }

  allocations.sort((a, b) => cmp(a.groupId, b.groupId));
  held.sort((a, b) => cmp(a.groupId, b.groupId));
  const byUrn = new Map(hotels.map((h) => [h.hotelUrn, h]));
  let totalCents = 0;
  let savingsCents = 0;
  for (const a of allocations) {
    const rate = cents(a.nightlyRate.amount);
    totalCents += rate * a.rooms * nights;
    const market = byUrn.get(a.hotelUrn)!.marketRateCents;
    if (a.provider === "DIRECT" && market !== null) savingsCents += (market - rate) * a.rooms * nights;
  }
  return {
    offersRaw: offers.length,
    offersDeduped: hotels.length,
    hotels: hotels.map(publicHotel),
    rankingInputs,
    allocations,
    held,
    totalCost: money(totalCents, currency),
    savingsVsMarket: money(savingsCents, currency),
    policiesUsed,
    caseToManualReview: held.some((h) => h.cause === "NO_POLICY" || h.cause === "MIXED_TIER"),
    status: held.length === 0 ? "COMPLETE" : allocations.length === 0 ? "FAILED" : "PARTIAL",
  };
}

export default allocate;

function money(amountCents: number, currency: string): Money {
  return { amount: amountCents / 100, currency };
}

function publicHotel(h: Hotel): EngineHotel {
  const { index: _index, members: _members, bearingDeg: _bearing, marketRateCents: _market, ...rest } = h;
  return rest;
}

/**
 * The tier's rankingInputs (spec 2.5): every hotel it evaluated, each duplicate offer it saw, with
 * raw and normalised scores (consolidation as at the end of the pass) and why it was kept or dropped.
 */
function rankTier(ctx: TierContext, inv: Inventory, used: Map<number, { groups: number; rooms: number }>, nights: number, currency: string): EngineRankingInput[] {
  const w = ctx.weights;
  const positionOf = new Map<Candidate, number>();
  ctx.ranked.forEach((c, p) => positionOf.set(c, p));
  const rows: EngineRankingInput[] = [];
  // one literal shape for every row (no spreads): thousands of rows per wave
  const row = (offer: Offer, c: Candidate, normalized: EngineRankingInput["normalized"], score: number | null, roomsUsed: number, reason: string): EngineRankingInput => {
    const rate = cents(offer.nightlyRate);
    const km = round(c.km, 3);
    return {
      tier: ctx.tier,
      hotelUrn: c.hotel.hotelUrn,
      hotelName: c.hotel.name,
      provider: offer.provider,
      providerOfferId: offer.offerId,
      stars: offer.stars,
      distanceKm: km,
      bearingDeg: c.hotel.bearingDeg,
      nightlyRate: { amount: rate / 100, currency },
      roomsAvailable: offer.roomsAvailable,
      accessibleRoomsAvailable: offer.accessibleRoomsAvailable,
      raw: { cost: (rate * nights) / 100, distance: km, consolidation: inv.groupsInHotel[c.hotel.index] },
      normalized,
      weightedScore: score,
      selected: roomsUsed > 0,
      roomsUsed,
      reason,
    };
  };
  const unscored = { cost: 0, distance: 0, consolidation: 0 };
  for (const c of ctx.candidates) {
    const p = positionOf.get(c);
    if (p === undefined) {
      rows.push(row(c.offer ?? c.hotel.members[0], c, unscored, null, 0, c.verdict.ok ? "" : c.verdict.reason));
    } else {
      const u = used.get(p);
      const consolidation = consolidationScore(inv.groupsInHotel[c.hotel.index]);
      const left = inv.roomsLeft[ctx.slot[p]];
      const reason = u
        ? `selected for ${u.groups} group(s), ${u.rooms} room(s)`
        : left === 0
          ? "capacity exhausted"
          : `not selected: better-ranked hotels had room (${left} room(s) left)`;
      const normalized = { cost: round(ctx.normCost[p], SCORE_DIGITS), distance: round(ctx.normDistance[p], SCORE_DIGITS), consolidation: round(consolidation, SCORE_DIGITS) };
      rows.push(row(c.offer!, c, normalized, round(weightedScore(w, ctx.normCost[p], ctx.normDistance[p], consolidation, ctx.normQuality[p]), SCORE_DIGITS), u?.rooms ?? 0, reason));
    }
    if (!c.offer) continue;
    // the same hotel's other offers from providers this tier searches: dropped as duplicates
    const members = c.hotel.members;
    for (let k = 0; k < members.length; k++) {
      const dup = members[k];
      if (dup === c.offer || !ctx.constraints.allowProviders.has(dup.provider)) continue;
      // hotel.offers lists the members in the same order
      const how = c.hotel.offers[k].mergedBy;
      rows.push(row(dup, c, unscored, null, 0, `duplicate of ${c.offer.provider} ${c.offer.offerId}${how ? ` (${RULE_TEXT[how.rule]}, matched ${how.matched})` : ""}`));
    }
  }
  return rows.sort((a, b) => (b.weightedScore ?? -1) - (a.weightedScore ?? -1) || cmp(a.hotelUrn, b.hotelUrn) || cmp(a.provider, b.provider) || cmp(a.providerOfferId, b.providerOfferId));
}
