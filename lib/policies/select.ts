/**
 * Pure policy selection (contract part 4, spec 4.8 "Policy matching"), kept apart from the
 * database read so it can be tested exhaustively. First match wins, in this order:
 * 1 airport + airline + tier, 2 airport + tier, 3 airline + tier, 4 country + tier, 5 global by tier.
 */
export type MatchQuery = { airport: string | null; airline: string | null; country: string | null; tier: string };

export type Candidate = {
  urn: string;
  status: string;
  airport: string | null;
  airline: string | null;
  country: string | null;
  tiers: readonly string[];
};

/** The level of the contract order a policy matches the query at (1 is the most specific), or null. */
export function matchLevel(p: Candidate, q: MatchQuery): number | null {
  if (p.status !== "ACTIVE" || !p.tiers.includes(q.tier)) return null;
  // every field the policy names must be the query's; an absent field means "any"
  if ((p.airport && p.airport !== q.airport) || (p.airline && p.airline !== q.airline) || (p.country && p.country !== q.country)) return null;
  if (p.airport && p.airline) return 1;
  if (p.airport) return 2;
  if (p.airline) return 3;
  if (p.country) return 4;
  return 5;
}

function contextFields(p: Candidate): number {
  return [p.airport, p.airline, p.country].filter(Boolean).length;
}

/**
 * Orders two matching candidates. Within one level (policies of different contexts may overlap,
 * e.g. airport CDG for [ECONOMY] and for [ECONOMY, CREW]) the one naming more context fields wins
 * (airline + country over airline alone), then the narrower tier set, then the newer URN, so the
 * result never depends on the order of the input.
 */
function compare(a: Candidate, la: number, b: Candidate, lb: number): number {
  if (la !== lb) return la - lb;
  if (contextFields(a) !== contextFields(b)) return contextFields(b) - contextFields(a);
  if (a.tiers.length !== b.tiers.length) return a.tiers.length - b.tiers.length;
  return a.urn < b.urn ? 1 : a.urn > b.urn ? -1 : 0;
}

/** The policy that applies, or null when no ACTIVE candidate covers the query's tier and context. */
export function selectPolicy<P extends Candidate>(candidates: readonly P[], q: MatchQuery): P | null {
  let best: P | null = null;
  let bestLevel = Infinity;
  for (const p of candidates) {
    const level = matchLevel(p, q);
    if (level === null) continue;
    if (best === null || compare(p, level, best, bestLevel) < 0) {
      best = p;
      bestLevel = level;
    }
  }
  return best;
}
