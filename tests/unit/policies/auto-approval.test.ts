import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decideAutoApproval, policyOfRecord, type TierPolicy } from "@/lib/demand/auto-approval";
import { TIERS } from "@/lib/policies/schemas";

const flags = fc.record({
  urn: fc.uuid().map((u) => `urn:svc:policy:${u}`),
  version: fc.integer({ min: 1, max: 9 }),
  autoApproveDemand: fc.boolean(),
  maxAutomaticRoomsPerWave: fc.integer({ min: 0, max: 100 }),
  incrementalRequiresApproval: fc.boolean(),
});
const tierPolicies: fc.Arbitrary<TierPolicy[]> = fc
  .uniqueArray(fc.constantFrom(...TIERS), { minLength: 0, maxLength: 5 })
  .chain((tiers) => fc.tuple(...tiers.map((t) => fc.option(flags, { nil: null }).map((policy) => ({ tier: t, policy })))));
const demand = fc.record({ type: fc.constantFrom("INITIAL" as const, "INCREMENTAL" as const), roomsRequested: fc.integer({ min: 1, max: 150 }) });

describe("decideAutoApproval (spec 3.1, properties)", () => {
  it("approves exactly when every tier has an auto-approving policy, the rooms fit every ceiling, and INCREMENTAL is allowed", () => {
    fc.assert(
      fc.property(demand, tierPolicies, (d, tiers) => {
        const expected =
          tiers.length > 0 &&
          tiers.every(
            (t) =>
              t.policy !== null &&
              t.policy.autoApproveDemand &&
              d.roomsRequested <= t.policy.maxAutomaticRoomsPerWave &&
              !(d.type === "INCREMENTAL" && t.policy.incrementalRequiresApproval),
          );
        expect(decideAutoApproval(d, tiers).approve).toBe(expected);
      }),
    );
  });

  it("names the policy of the tier most passengers travel in: a mostly-economy case names its economy policy", () => {
    const policy = (name: string) => ({ urn: `urn:svc:policy:${name}`, version: 1, autoApproveDemand: true, maxAutomaticRoomsPerWave: 100, incrementalRequiresApproval: false });
    const [first, business, economy] = [policy("first"), policy("business"), policy("economy")];
    const mostlyEconomy = [
      { tier: "FIRST", policy: first, passengers: 1 },
      { tier: "BUSINESS", policy: business, passengers: 3 },
      { tier: "ECONOMY", policy: economy, passengers: 36 },
    ];
    expect(policyOfRecord(mostlyEconomy)).toBe(economy);
    expect(decideAutoApproval({ type: "INITIAL", roomsRequested: 20 }, mostlyEconomy)).toMatchObject({ approve: true, policy: economy });
    // as many in each: the first in pass order; a tier without a policy is passed over
    expect(policyOfRecord([{ tier: "ECONOMY", policy: economy, passengers: 4 }, { tier: "BUSINESS", policy: business, passengers: 4 }])).toBe(business);
    expect(policyOfRecord([{ tier: "ECONOMY", policy: null, passengers: 30 }, { tier: "BUSINESS", policy: business, passengers: 2 }])).toBe(business);
  });

  it("without passenger counts, records the policy of the first tier in pass order", () => {
    fc.assert(
      fc.property(demand, tierPolicies, (d, tiers) => {
        const decision = decideAutoApproval(d, tiers);
        if (!decision.approve) return;
        const first = TIERS.find((t) => tiers.some((x) => x.tier === t))!;
        expect(decision.policy).toBe(tiers.find((x) => x.tier === first)!.policy);
        expect(policyOfRecord(tiers)).toBe(decision.policy);
      }),
    );
  });

  it("treats equality with the ceiling as under it (40 and 50 auto, 400 waits)", () => {
    const p = { urn: "urn:svc:policy:x", version: 1, autoApproveDemand: true, maxAutomaticRoomsPerWave: 50, incrementalRequiresApproval: true };
    const tiers = [{ tier: "ECONOMY", policy: p }];
    expect(decideAutoApproval({ type: "INITIAL", roomsRequested: 40 }, tiers).approve).toBe(true);
    expect(decideAutoApproval({ type: "INITIAL", roomsRequested: 50 }, tiers).approve).toBe(true);
    expect(decideAutoApproval({ type: "INITIAL", roomsRequested: 51 }, tiers).approve).toBe(false);
    expect(decideAutoApproval({ type: "INITIAL", roomsRequested: 400 }, tiers).approve).toBe(false);
    expect(decideAutoApproval({ type: "INCREMENTAL", roomsRequested: 10 }, tiers).approve).toBe(false);
    expect(decideAutoApproval({ type: "INCREMENTAL", roomsRequested: 10 }, [{ tier: "ECONOMY", policy: { ...p, incrementalRequiresApproval: false } }]).approve).toBe(true);
  });
});
