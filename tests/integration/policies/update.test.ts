import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditEntries } from "@/db/schema";
import { PATCH } from "@/app/api/v1/policies/[policyUrn]/route";
import { createPolicy } from "@/lib/policies/create";
import { PolicyInput } from "@/lib/policies/schemas";
import { call, tokenFor, apiTestDatabase } from "../../helpers/api";
import { ctxFor, principal, uniqueTenant } from "../../helpers/factories";
import { activePolicy, policyPayload } from "../../helpers/policies";

const database = apiTestDatabase({ airports: true });


async function draft(tenant: string, over = {}) {
  return createPolicy({ ctx: ctxFor(database.db, principal({ tenant })), input: PolicyInput.parse(policyPayload(over)) });
}

const patch = (urn: string, body: unknown, token?: string) => call(PATCH, `/policies/${urn}`, { token, body, params: { policyUrn: urn }, method: "PATCH" });

describe("PATCH /policies/{policyUrn}", () => {
  it("merges a patch into a DRAFT, keeps the rest, and audits the changed fields", async () => {
    const tenant = uniqueTenant();
    const p = await draft(tenant, { acceptedPayments: ["GUARANTEE"] });
    const token = await tokenFor({ tenant, roles: ["OPS_SUPERVISOR"] });
    const res = await patch(p.urn, { name: "CDG economy (winter)", constraints: { minStars: 4 }, consolidationWeight: 0.3, acceptedPayments: ["CARD"], cardToken: "tok_winter" }, token);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      urn: p.urn,
      status: "DRAFT",
      version: 1,
      name: "CDG economy (winter)",
      constraints: { minStars: 4, maxDistanceKm: 25, maxNightlyRate: 160, requiredAmenities: ["WIFI"], acceptedPayments: ["CARD"] },
      consolidationWeight: 0.3,
      allocationWeights: { cost: 0.6, distance: 0.25, consolidation: 0.3 },
      acceptedPayments: ["CARD"],
      cardToken: "tok_winter",
    });
    const [entry] = await database.db.select().from(auditEntries).where(and(eq(auditEntries.entityUrn, p.urn), eq(auditEntries.action, "update")));
    expect(entry.changes).toEqual(expect.arrayContaining([{ field: "constraints.minStars", before: 3, after: 4 }, { field: "name", before: "CDG economy", after: "CDG economy (winter)" }]));
    // null removes: the default comes back
    const cleared = await patch(p.urn, { constraints: { maxNightlyRate: null }, acceptedPayments: ["GUARANTEE"], cardToken: null }, token);
    expect(cleared.json).toMatchObject({ constraints: { maxNightlyRate: null, acceptedPayments: ["GUARANTEE"] }, cardToken: null });
  });

  it("validates the patched policy as a whole (422) and refuses a change of context or tiers", async () => {
    const tenant = uniqueTenant();
    const p = await draft(tenant);
    const token = await tokenFor({ tenant });
    for (const [body, path] of [
      [{ constraints: { minStars: 9 } }, "constraints.minStars"],
      [{ acceptedPayments: ["CARD"] }, "cardToken"],
      [{ cardToken: "4111 1111 1111 1111", acceptedPayments: ["CARD"] }, "cardToken"],
      [{ context: { airport: "LHR" } }, "context"],
      [{ tiers: ["CREW"] }, "tiers"],
    ] as const) {
      const res = await patch(p.urn, body, token);
      expect(res.status).toBe(422);
      expect(res.json.errors.map((e: { path: string }) => e.path)).toContain(path);
    }
  });

  it("refuses to edit an ACTIVE or ARCHIVED version with 409 INVALID_TRANSITION", async () => {
    const tenant = uniqueTenant();
    const v1 = await activePolicy(database.db, tenant);
    const token = await tokenFor({ tenant });
    const res = await patch(v1.urn, { name: "sneaky" }, token);
    expect(res.status).toBe(409);
    expect(res.json.code).toBe("INVALID_TRANSITION");
    await activePolicy(database.db, tenant);
    expect((await patch(v1.urn, { name: "sneaky" }, token)).status).toBe(409);
  });

  it("applies the write role, tenant and airport scope", async () => {
    const tenant = uniqueTenant();
    const p = await draft(tenant, { context: { airport: "LHR" } });
    expect((await patch(p.urn, { name: "x" }, await tokenFor({ tenant, roles: ["AIRPORT_OPERATOR"], airports: ["LHR"] }))).json.code).toBe("FORBIDDEN");
    expect((await patch(p.urn, { name: "x" }, await tokenFor({ tenant, roles: ["OPS_SUPERVISOR"], airports: ["CDG"] }))).json.code).toBe("OUT_OF_SCOPE");
    expect((await patch(p.urn, { name: "x" }, await tokenFor({ tenant: uniqueTenant() }))).status).toBe(404);
    expect((await patch(p.urn, { name: "x" })).status).toBe(401);
  });
});
