import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/db/client";
import { auditEntries, policies } from "@/db/schema";
import { seedDemoPolicies } from "@/db/seed/policies";
import { isUniqueViolation } from "@/db/unique-violation";
import { createPolicy } from "@/lib/policies/create";
import { matchPolicies, matchPolicy } from "@/lib/policies/match";
import { PolicyInput } from "@/lib/policies/schemas";
import { seedTestAirports } from "../../helpers/airports";
import { setupApi } from "../../helpers/api";
import { ctxFor, principal, uniqueTenant } from "../../helpers/factories";
import { activePolicy, policyPayload } from "../../helpers/policies";

let database: Database;
beforeAll(async () => {
  database = await setupApi();
  // every demo hub, from the real airport dataset
  await seedTestAirports(database.db);
});
afterAll(async () => {
  await database.close();
});

describe("matchPolicy", () => {
  it("walks the contract order: airport+airline, airport, airline, country, global; only ACTIVE; by tier", async () => {
    const tenant = uniqueTenant();
    const db = database.db;
    const econ = { tiers: ["ECONOMY"] as ("ECONOMY")[] };
    const global = await activePolicy(db, tenant, { ...econ, context: {} });
    const country = await activePolicy(db, tenant, { ...econ, context: { country: "FR" } });
    const airline = await activePolicy(db, tenant, { ...econ, context: { airline: "AF" } });
    const airport = await activePolicy(db, tenant, { ...econ, context: { airport: "CDG" } });
    const both = await activePolicy(db, tenant, { ...econ, context: { airport: "CDG", airline: "AF" } });
    // a DRAFT, more specific still, has no effect
    await createPolicy({ ctx: ctxFor(db, principal({ tenant })), input: PolicyInput.parse(policyPayload({ ...econ, context: { airport: "CDG", airline: "AF", country: "FR" } })) });

    const q = { tenant, tier: "ECONOMY" };
    expect((await matchPolicy(db, { ...q, airport: "CDG", airline: "AF" }))?.urn).toBe(both.urn);
    expect((await matchPolicy(db, { ...q, airport: "CDG", airline: "BA" }))?.urn).toBe(airport.urn);
    expect((await matchPolicy(db, { ...q, airport: "ORY", airline: "AF" }))?.urn).toBe(airline.urn);
    // ORY is in France: the country is read from the airports table
    expect((await matchPolicy(db, { ...q, airport: "ORY", airline: "BA" }))?.urn).toBe(country.urn);
    expect((await matchPolicy(db, { ...q, airport: "LHR", airline: "BA" }))?.urn).toBe(global.urn);
    expect(await matchPolicy(db, { ...q, tier: "CREW", airport: "CDG", airline: "AF" })).toBeNull();
    expect(await matchPolicy(db, { ...q, tenant: uniqueTenant(), airport: "CDG", airline: "AF" })).toBeNull();

    const byTier = await matchPolicies(db, { tenant, airport: "CDG", airline: "AF", tiers: ["ECONOMY", "FIRST"] });
    expect(byTier.get("ECONOMY")?.urn).toBe(both.urn);
    expect(byTier.get("FIRST")).toBeNull();
  });

  it("stops matching an archived version", async () => {
    const tenant = uniqueTenant();
    const v1 = await activePolicy(database.db, tenant);
    const v2 = await activePolicy(database.db, tenant, { name: "v2" });
    const q = { tenant, airport: "CDG", airline: tenant, tier: "ECONOMY" };
    const m = await matchPolicy(database.db, q);
    expect(m?.urn).toBe(v2.urn);
    expect(m?.urn).not.toBe(v1.urn);
  });
});

describe("isUniqueViolation", () => {
  it("recognizes the version index by name on this driver", async () => {
    const tenant = uniqueTenant();
    const p = await activePolicy(database.db, tenant);
    const [row] = await database.db.select().from(policies).where(eq(policies.urn, p.urn));
    const err = await database.db
      .insert(policies)
      .values({ ...row, urn: "urn:svc:policy:0195f0c8-7a1e-7c2d-9a55-3b2f4a1c9d99", status: "DRAFT" })
      .then(() => null, (e: unknown) => e);
    expect(isUniqueViolation(err, "policies_context_version_idx")).toBe(true);
    expect(isUniqueViolation(err, "policies_one_active_idx")).toBe(false);
    expect(isUniqueViolation(new Error("x"))).toBe(false);
  });
});

describe("seedDemoPolicies", () => {
  it("creates ACTIVE demo policies for every tier at the hubs and globally, once", async () => {
    const tenant = uniqueTenant();
    const created = await seedDemoPolicies(database.db, tenant);
    expect(created).toBe(12 * 3 + 5);
    expect(await seedDemoPolicies(database.db, tenant)).toBe(0);
    const rows = await database.db.select().from(policies).where(eq(policies.tenant, tenant));
    expect(rows).toHaveLength(created);
    expect(rows.every((r) => r.status === "ACTIVE" && r.version === 1)).toBe(true);

    const cdg = await matchPolicies(database.db, { tenant, airport: "CDG", airline: tenant, tiers: ["FIRST", "BUSINESS", "PREMIUM_ECONOMY", "ECONOMY", "CREW"] });
    expect(cdg.get("FIRST")).toMatchObject({ name: "CDG premium cabins", constraints: { minStars: 4 }, transport: { mode: "PRIVATE_CAR" }, currency: "EUR" });
    expect(cdg.get("BUSINESS")?.urn).toBe(cdg.get("FIRST")?.urn);
    expect(cdg.get("ECONOMY")).toMatchObject({ name: "CDG economy cabins", constraints: { minStars: 3 }, transport: { mode: "SHUTTLE" } });
    expect(cdg.get("PREMIUM_ECONOMY")?.urn).toBe(cdg.get("ECONOMY")?.urn);
    expect(cdg.get("CREW")?.name).toBe("CDG crew");
    expect((await matchPolicy(database.db, { tenant, airport: "LHR", airline: tenant, tier: "ECONOMY" }))?.currency).toBe("GBP");
    expect((await matchPolicy(database.db, { tenant, airport: "NCE", airline: tenant, tier: "CREW" }))?.name).toBe("Global fallback: CREW");
    const audit = await database.db.select().from(auditEntries).where(and(eq(auditEntries.tenant, tenant), eq(auditEntries.action, "activate")));
    expect(audit).toHaveLength(created);
    expect(audit[0].actor).toBe("system:seed");
  });
});
