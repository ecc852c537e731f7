import { describe, expect, it } from "vitest";
import { policyDiff } from "@/components/policies/policy-diff";
import { activeOfContext } from "@/lib/policies/active-of-context";
import { synthesizePolicy } from "@/lib/policies/synthesize";
import { apiTestDatabase } from "@/tests/helpers/api";
import { ctxFor, principal, uniqueTenant } from "@/tests/helpers/factories";
import { sandboxModel } from "@/tests/helpers/model";
import { activePolicy } from "@/tests/helpers/policies";

const database = apiTestDatabase({ airports: true });
sandboxModel();

const LHR_CREW = "at LHR put crew in 4-star hotels within 10 km with 24-hour reception, no more than £180 a night";

/** The console's "describe a policy" box: the draft, the ACTIVE policy of its context, and the field-by-field diff it shows. */
describe("a synthesized draft against the active policy of its context", () => {
  it("finds the active policy of the same airport and tier set (not another airport's or tier set's) and marks the changed fields", async () => {
    const tenant = uniqueTenant();
    const active = await activePolicy(database.db, tenant, {
      name: "LHR crew",
      context: { airport: "LHR" },
      tiers: ["CREW"],
      constraints: { minStars: 3, maxDistanceKm: 15, maxNightlyRate: 180, requiredAmenities: [] },
      autoApproveDemand: false,
    });
    // same tiers at another airport, and another tier set at LHR: neither is the draft's context
    await activePolicy(database.db, tenant, { name: "CDG crew", context: { airport: "CDG" }, tiers: ["CREW"] });
    await activePolicy(database.db, tenant, { name: "LHR economy", context: { airport: "LHR" }, tiers: ["ECONOMY"] });

    const ctx = ctxFor(database.db, principal({ tenant, roles: ["OPS_SUPERVISOR"] }));
    const draft = await synthesizePolicy({ ctx, input: { description: LHR_CREW } });
    expect(draft).toMatchObject({ status: "DRAFT", context: { airport: "LHR" }, tiers: ["CREW"] });
    const found = await activeOfContext({ ctx, input: draft });
    expect(found?.urn).toBe(active.urn);

    const rows = policyDiff(draft, found);
    const row = (field: string) => rows.find((r) => r.field === field)!;
    expect(row("constraints.minStars")).toMatchObject({ active: "3★", draft: "4★", changed: true });
    expect(row("constraints.maxDistanceKm")).toMatchObject({ active: "15 km", draft: "10 km", changed: true });
    expect(row("constraints.requiredAmenities")).toMatchObject({ active: "none", draft: "24H_RECEPTION", changed: true });
    expect(row("constraints.maxNightlyRate")).toMatchObject({ active: "180 GBP", draft: "180 GBP", changed: false });
    expect(row("currency").changed).toBe(false);
    expect(row("transport.shuttleCapacity").changed).toBe(false);
    expect(rows.filter((r) => r.changed).length).toBeLessThan(rows.length);
  });

  it("a draft for a context with no active policy: none found, every row is new", async () => {
    const tenant = uniqueTenant();
    await activePolicy(database.db, tenant, { name: "LHR economy", context: { airport: "LHR" }, tiers: ["ECONOMY"] });
    const ctx = ctxFor(database.db, principal({ tenant, roles: ["ADMIN"] }));
    const draft = await synthesizePolicy({ ctx, input: { description: LHR_CREW } });
    expect(await activeOfContext({ ctx, input: draft })).toBeNull();
    const rows = policyDiff(draft, null);
    expect(rows.every((r) => r.active === null && r.changed)).toBe(true);
    expect(rows.find((r) => r.field === "constraints.minStars")!.draft).toBe("4★");
  });
});
