import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { allocate, DEFAULT_WEIGHTS } from "@/lib/allocation-engine";
import { consolidationScore, lowerIsBetter, weightedScore } from "@/lib/allocation-engine/score";
import { hubScenario } from "@/tests/bench/scenario";
import { at, group, input, offer, policy } from "./fixtures";

describe("scoring (spec 4.8 step 5)", () => {
  it("default weights are 0.60 / 0.25 / 0.15", () => {
    expect(DEFAULT_WEIGHTS).toEqual({ cost: 0.6, distance: 0.25, consolidation: 0.15 });
  });

  it("normalises lower-is-better values to 0–1 and weighs them by the policy's weights over their sum", () => {
    expect(lowerIsBetter(100, 100, 200)).toBe(1);
    expect(lowerIsBetter(200, 100, 200)).toBe(0);
    expect(lowerIsBetter(150, 100, 200)).toBe(0.5);
    expect(lowerIsBetter(7, 7, 7)).toBe(1);
    expect(weightedScore(DEFAULT_WEIGHTS, 1, 0, 0)).toBeCloseTo(0.6);
    expect(weightedScore({ cost: 2, distance: 1, consolidation: 1 }, 0.5, 1, 0)).toBeCloseTo(0.5);
    expect([0, 1, 2, 3].map(consolidationScore)).toEqual([0, 1 / 2, 2 / 3, 3 / 4]);
  });

  it("ranking inputs carry raw inputs, normalised scores and the weighted score of the formula", () => {
    const cheapFar = offer({ nightlyRate: 100, km: 20 });
    const dearNear = offer({ nightlyRate: 200, km: 2 });
    const mid = offer({ nightlyRate: 150, km: 11 });
    const r = allocate(input([group()], [cheapFar, dearNear, mid], undefined, 2));
    const rows = Object.fromEntries(r.rankingInputs.map((x) => [x.providerOfferId, x]));
    expect(rows[mid.offerId].raw).toMatchObject({ cost: 300, consolidation: 0 });
    expect(rows[mid.offerId].raw.distance).toBeCloseTo(11, 1);
    expect(rows[mid.offerId].normalized.cost).toBe(0.5);
    expect(rows[mid.offerId].normalized.distance).toBeCloseTo(0.5, 2);
    expect(rows[mid.offerId].weightedScore).toBeCloseTo(0.6 * 0.5 + 0.25 * rows[mid.offerId].normalized.distance, 6);
    // the chosen hotel's row shows consolidation as at the end of the pass: one group, 1/2
    expect(rows[cheapFar.offerId].normalized.consolidation).toBe(0.5);
    expect(rows[cheapFar.offerId].weightedScore).toBeCloseTo(0.6 + 0.15 * 0.5, 6);
    expect(rows[cheapFar.offerId]).toMatchObject({ selected: true, roomsUsed: 1, reason: "selected for 1 group(s), 1 room(s)" });
    expect(rows[dearNear.offerId].weightedScore).toBeCloseTo(0.25, 6);
    expect(r.allocations[0]).toMatchObject({ providerOfferId: cheapFar.offerId, score: 0.6, total: { amount: 200, currency: "EUR" } });
  });

  it("allocationWeights override the defaults: distance first picks the near hotel", () => {
    const cheapFar = offer({ nightlyRate: 100, km: 20 });
    const dearNear = offer({ nightlyRate: 200, km: 2 });
    const r = allocate(input([group()], [cheapFar, dearNear], { ECONOMY: policy({}, { allocationWeights: { cost: 0.1, distance: 0.9, consolidation: 0 } }) }));
    expect(r.allocations[0].providerOfferId).toBe(dearNear.offerId);
    expect(r.policiesUsed[0].weights).toEqual({ cost: 0.1, distance: 0.9, consolidation: 0 });
  });

  it("consolidationWeight alone sets the consolidation weight", () => {
    const r = allocate(input([group()], [offer()], { ECONOMY: policy({}, { consolidationWeight: 0.4 }) }));
    expect(r.policiesUsed[0].weights).toEqual({ cost: 0.6, distance: 0.25, consolidation: 0.4 });
  });

  it("consolidation: a second group joins the hotel that already has one over an equal empty one", () => {
    const a = offer({ nightlyRate: 100, km: 5 });
    const b = offer({ nightlyRate: 100, km: 5 });
    const r = allocate(input([group({ rooms: 2 }), group()], [a, b]));
    expect(new Set(r.allocations.map((x) => x.providerOfferId)).size).toBe(1);
    // static 0.6 + 0.25 over 1.0; the second group adds 0.15 × 1/2 for the hotel's first group
    expect(r.allocations.map((x) => x.score).sort()).toEqual([0.85, 0.925]);
  });

  it("stars and amenities only gate: hotels alike but for them score the same", () => {
    // the same spot (other stars, so dedupe keeps them apart)
    const plain = offer({ stars: 3, amenities: ["WIFI"], nightlyRate: 100, ...at(5) });
    const lavish = offer({ stars: 5, amenities: ["WIFI", "GYM", "ROOM_SERVICE", "24H_RECEPTION"], nightlyRate: 100, ...at(5) });
    const r = allocate(input([group()], [plain, lavish]));
    const [a, b] = r.rankingInputs;
    expect([a.normalized.cost, a.normalized.distance]).toEqual([b.normalized.cost, b.normalized.distance]);
    // when the group was placed both were empty: the fallback scores exactly what the choice scored
    expect(r.allocations[0].fallbacks[0].score).toBe(r.allocations[0].score);
  });

  it("determinism: the same input in any order gives a byte-identical wave", () => {
    const s = hubScenario(200, 3);
    const base = { airport: s.airport, nights: s.nights, currency: s.currency, groups: s.groups, offers: s.offers, policies: s.policies };
    const expected = JSON.stringify(allocate(base));
    expect(JSON.stringify(allocate(base))).toBe(expected);
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        const shuffle = <T,>(xs: T[]) => {
          const out = [...xs];
          let a = seed >>> 0;
          for (let i = out.length - 1; i > 0; i--) {
            a = (Math.imul(a, 1664525) + 1013904223) >>> 0;
            const j = a % (i + 1);
            [out[i], out[j]] = [out[j], out[i]];
          }
          return out;
        };
        expect(JSON.stringify(allocate({ ...base, groups: shuffle(base.groups), offers: shuffle(base.offers) }))).toBe(expected);
      }),
      { numRuns: 15 },
    );
  });
});
