import type { Offer } from "@/lib/providers/offer";
import type { Tier } from "@/lib/vocabulary";
import { cents, type Hotel } from "./dedupe";
import { checkOffer, checkQuality, constraintsOf, CONSTRAINTS, offerDistanceKm, tierOffer, type Constraint, type TierConstraints, type Verdict } from "./filter";
import type { HeldReason } from "./held";
import { lowerIsBetter, qualityScore, weightsOf, weightSum } from "./score";
import type { EngineAirport, EnginePolicy, EngineQuality, EngineWeights } from "./types";
import type { z } from "zod";

/** One hotel as one tier sees it: the offer its allowed providers give, the distance, its stay quality (undefined: no rating), the verdict. */
export type Candidate = { hotel: Hotel; offer: Offer | null; km: number; quality: EngineQuality | undefined; verdict: Verdict };

/**
 * Everything one tier's pass needs, computed once: the candidates, the compliant ones ranked by
 * their static score (cost and distance, which do not change while groups are placed), and a
 * skip list over that ranking that jumps hotels with no room left.
 */
export type TierContext = {
  tier: Tier;
  policy: EnginePolicy;
  constraints: TierConstraints;
  weights: EngineWeights;
  /** consolidation weight ÷ Σ weights: the most consolidation can add to a score */
  consolidationShare: number;
  candidates: Candidate[];
  /** compliant candidates, best static score first */
  ranked: Candidate[];
  staticScore: Float64Array;
  normCost: Float64Array;
  normDistance: Float64Array;
  normQuality: Float64Array;
  /** inventory slot (index of the offer) of each ranked candidate */
  slot: Int32Array;
  /** next[p] = p while ranked[p] may have rooms; a dead position points past itself (path-compressed) */
  next: Int32Array;
  /** why a group of this tier fits nowhere when no hotel is compliant; null when some is */
  noCandidate: HeldReason | null;
};

export function tierContext(
  tier: Tier,
  policy: EnginePolicy,
  hotels: readonly Hotel[],
  slotOf: ReadonlyMap<Offer, number>,
  airport: z.infer<typeof EngineAirport>,
  currency: string,
  quality: Readonly<Record<string, EngineQuality>> = {},
): TierContext {
  const constraints = constraintsOf(policy, currency);
  const weights = weightsOf(policy);
  const wq = weights.quality ?? 0;
  const sum = weightSum(weights);
  const candidates: Candidate[] = hotels.map((hotel) => {
    const offer = tierOffer(hotel, constraints);
    const q = Object.hasOwn(quality, hotel.hotelUrn) ? quality[hotel.hotelUrn] : undefined;
    if (!offer) {
      const excluded = [...new Set(hotel.members.map((o) => o.provider))].join(", ");
      return { hotel, offer, km: hotel.distanceKm, quality: q, verdict: { ok: false, constraint: "allowProviders", reason: `filtered: allowProviders excludes ${excluded}` } };
    }
    const km = offerDistanceKm(offer, airport);
    const verdict = checkOffer(offer, km, constraints);
    return { hotel, offer, km, quality: q, verdict: verdict.ok ? checkQuality(q, constraints) : verdict };
  });
  const compliant = candidates.filter((c) => c.verdict.ok);

  let minRate = Infinity, maxRate = -Infinity, minKm = Infinity, maxKm = -Infinity;
  for (const c of compliant) {
    const r = cents(c.offer!.nightlyRate);
    minRate = Math.min(minRate, r);
    maxRate = Math.max(maxRate, r);
    minKm = Math.min(minKm, c.km);
    maxKm = Math.max(maxKm, c.km);
  }
  const scored = compliant.map((c) => {
    const nc = lowerIsBetter(cents(c.offer!.nightlyRate), minRate, maxRate);
    const nd = lowerIsBetter(c.km, minKm, maxKm);
    const nq = qualityScore(c.quality);
    // wq × nq is exactly 0 with the default weight 0: the ranking is then the one before stay quality
    return { c, nc, nd, nq, s: (weights.cost * nc + weights.distance * nd + wq * nq) / sum };
  });
  // best first; ties: cheaper, nearer, then the hotel's canonical position
  scored.sort((a, b) => b.s - a.s || cents(a.c.offer!.nightlyRate) - cents(b.c.offer!.nightlyRate) || a.c.km - b.c.km || a.c.hotel.index - b.c.hotel.index);

  const m = scored.length;
  return {
    tier,
    policy,
    constraints,
    weights,
    consolidationShare: weights.consolidation / sum,
    candidates,
    ranked: scored.map((x) => x.c),
    staticScore: Float64Array.from(scored, (x) => x.s),
    normCost: Float64Array.from(scored, (x) => x.nc),
    normDistance: Float64Array.from(scored, (x) => x.nd),
    normQuality: Float64Array.from(scored, (x) => x.nq),
    slot: Int32Array.from(scored, (x) => slotOf.get(x.c.offer!)!),
    next: Int32Array.from({ length: m + 1 }, (_, i) => i),
    noCandidate: m > 0 ? null : whyNoCandidate(tier, policy, constraints, candidates, airport.code),
  };
}

/** NO_HOTEL_IN_RADIUS when nothing is within the radius, else FILTERED_OUT by the constraint that removed the most. */
function whyNoCandidate(tier: Tier, policy: EnginePolicy, c: TierConstraints, candidates: Candidate[], airport: string): HeldReason {
  const inRadius = candidates.filter((x) => x.km <= c.maxDistanceKm);
  if (inRadius.length === 0) {
    const nearest = candidates.reduce((best, x) => Math.min(best, x.km), Infinity);
    const seen = candidates.length === 0 ? "no hotel was offered" : `${candidates.length} offered, the nearest ${nearest.toFixed(1)} km away`;
    return { cause: "NO_HOTEL_IN_RADIUS", constraint: "maxDistanceKm", detail: `No hotel within ${c.maxDistanceKm} km of ${airport} (${seen}).` };
  }
  const counts = new Map<Constraint, number>();
  for (const x of inRadius) if (!x.verdict.ok) counts.set(x.verdict.constraint, (counts.get(x.verdict.constraint) ?? 0) + 1);
  const ranked = [...counts].sort((a, b) => b[1] - a[1] || CONSTRAINTS.indexOf(a[0]) - CONSTRAINTS.indexOf(b[0]));
  const [top] = ranked[0];
  const breakdown = ranked.map(([k, v]) => `${k} ${v}`).join(", ");
  return {
    cause: "FILTERED_OUT",
    constraint: top,
    detail: `All ${inRadius.length} hotels within ${c.maxDistanceKm} km fail the ${tier} policy ${policy.urn} (v${policy.version}); ${top} removed the most (${breakdown}).`,
  };
}

/** The first live ranked position at or after p (m when none). */
export function nextLive(next: Int32Array, p: number): number {
  let r = p;
  while (next[r] !== r) r = next[r];
  while (next[p] !== r) {
    const n = next[p];
    next[p] = r;
    p = n;
  }
  return r;
}
