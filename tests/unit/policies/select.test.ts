import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type Candidate, matchLevel, type MatchQuery, selectPolicy } from "@/lib/policies/match";
import { TIERS } from "@/lib/policies/schemas";

// small domains so generated policies often collide with the query
const airport = fc.constantFrom("CDG", "LHR", null);
const airline = fc.constantFrom("AF", "BA", null);
const country = fc.constantFrom("FR", "GB", null);
const tier = fc.constantFrom(...TIERS);

const candidate: fc.Arbitrary<Candidate> = fc.record({
  urn: fc.uuid().map((u) => `urn:svc:policy:${u}`),
  status: fc.constantFrom("ACTIVE", "DRAFT", "ARCHIVED"),
  airport,
  airline,
  country,
  tiers: fc.uniqueArray(tier, { minLength: 1, maxLength: 5 }),
});
const candidates = fc.uniqueArray(candidate, { maxLength: 25, selector: (c) => c.urn });
const query: fc.Arbitrary<MatchQuery> = fc.record({ airport, airline, country, tier });

describe("selectPolicy (properties)", () => {
  it("only ever returns an ACTIVE policy whose tiers include the query's tier", () => {
    fc.assert(
      fc.property(candidates, query, (ps, q) => {
        const p = selectPolicy(ps, q);
        if (p) {
          expect(p.status).toBe("ACTIVE");
          expect(p.tiers).toContain(q.tier);
        }
      }),
    );
  });

  it("returns a policy whose every named context field is the query's", () => {
    fc.assert(
      fc.property(candidates, query, (ps, q) => {
        const p = selectPolicy(ps, q);
        if (!p) return;
        if (p.airport) expect(p.airport).toBe(q.airport);
        if (p.airline) expect(p.airline).toBe(q.airline);
        if (p.country) expect(p.country).toBe(q.country);
      }),
    );
  });

  it("returns null iff no ACTIVE candidate covers the tier and the context", () => {
    fc.assert(
      fc.property(candidates, query, (ps, q) => {
        const applicable = ps.filter((p) => matchLevel(p, q) !== null);
        expect(selectPolicy(ps, q) === null).toBe(applicable.length === 0);
      }),
    );
  });

  it("null when no ACTIVE candidate includes the tier at all", () => {
    fc.assert(
      fc.property(candidates, query, (ps, q) => {
        const withTier = ps.filter((p) => p.status === "ACTIVE" && p.tiers.includes(q.tier));
        if (withTier.length === 0) expect(selectPolicy(ps, q)).toBeNull();
      }),
    );
  });

  it("a more specific match always beats a less specific one", () => {
    fc.assert(
      fc.property(candidates, query, (ps, q) => {
        const p = selectPolicy(ps, q);
        if (!p) return;
        const best = matchLevel(p, q)!;
        for (const other of ps) {
          const level = matchLevel(other, q);
          if (level !== null) expect(best).toBeLessThanOrEqual(level);
        }
      }),
    );
  });

  it("does not depend on the order of the input", () => {
    fc.assert(
      fc.property(candidates, query, fc.func(fc.integer()), (ps, q, key) => {
        const shuffled = [...ps].map((p, i) => ({ p, k: key(i) })).sort((a, b) => a.k - b.k).map((x) => x.p);
        expect(selectPolicy(shuffled, q)?.urn).toBe(selectPolicy(ps, q)?.urn);
        expect(selectPolicy([...ps].reverse(), q)?.urn).toBe(selectPolicy(ps, q)?.urn);
      }),
    );
  });

  it("follows the contract order on a fixed example", () => {
    const mk = (urn: string, c: Partial<Candidate>): Candidate => ({ urn, status: "ACTIVE", airport: null, airline: null, country: null, tiers: ["ECONOMY"], ...c });
    const all = [
      mk("g", {}),
      mk("c", { country: "FR" }),
      mk("l", { airline: "AF" }),
      mk("a", { airport: "CDG" }),
      mk("al", { airport: "CDG", airline: "AF" }),
    ];
    const q: MatchQuery = { airport: "CDG", airline: "AF", country: "FR", tier: "ECONOMY" };
    const order: string[] = [];
    let left = all;
    while (left.length) {
      const p = selectPolicy(left, q)!;
      order.push(p.urn);
      left = left.filter((x) => x !== p);
    }
    expect(order).toEqual(["al", "a", "l", "c", "g"]);
    expect(selectPolicy(all, { ...q, tier: "CREW" })).toBeNull();
    expect(selectPolicy(all, { ...q, airport: "LHR", country: "GB" })?.urn).toBe("l");
  });
});
