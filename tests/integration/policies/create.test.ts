import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditEntries, policies } from "@/db/schema";
import { POST } from "@/app/api/v1/policies/route";
import { call, tokenFor, apiTestDatabase } from "../../helpers/api";
import { uniqueTenant } from "../../helpers/factories";
import { policyPayload } from "../../helpers/policies";

const database = apiTestDatabase({ airports: true });


async function countPolicies(tenant: string): Promise<number> {
  return (await database.db.select().from(policies).where(eq(policies.tenant, tenant))).length;
}

describe("POST /policies", () => {
  it("creates a DRAFT version 1 with Location, defaults filled, the airport's currency, and an audit entry", async () => {
    const tenant = uniqueTenant();
    const token = await tokenFor({ tenant, roles: ["OPS_SUPERVISOR"], airports: ["CDG"] });
    const res = await call(POST, "/policies", { token, body: { name: "CDG economy", context: { airport: "CDG" }, tiers: ["ECONOMY"] } });
    expect(res.status).toBe(201);
    expect(res.headers.get("location")).toBe(`/api/v1/policies/${res.json.urn}`);
    expect(res.json).toMatchObject({
      name: "CDG economy",
      context: { airport: "CDG", airline: null, country: null },
      tiers: ["ECONOMY"],
      status: "DRAFT",
      version: 1,
      currency: "EUR",
      constraints: {
        minStars: 3,
        maxDistanceKm: 25,
        maxNightlyRate: null,
        requiredAmenities: [],
        excludedChains: [],
        acceptedPayments: ["GUARANTEE"],
        allowProviders: ["EXPEDIA_RAPID", "HOTELBEDS", "DIRECT"],
      },
      buffers: { lateCheckoutMinutes: 0, earlyCheckInMinutes: 0 },
      mode: "ON_DEMAND",
      autoApproveDemand: false,
      incrementalRequiresApproval: true,
      maxAutomaticRoomsPerWave: 50,
      consolidationWeight: 0.15,
      allocationWeights: { cost: 0.6, distance: 0.25, consolidation: 0.15 },
      transport: { mode: "SHUTTLE", perTier: { FIRST: "PRIVATE_CAR", BUSINESS: "PRIVATE_CAR" }, minutesBeforePickup: 180, shuttleCapacity: 16 },
      acceptedPayments: ["GUARANTEE"],
      cardToken: null,
      provenance: null,
      activatedAt: null,
      activatedBy: null,
    });
    expect(res.json.urn).toMatch(/^urn:svc:policy:[0-9a-f-]{36}$/);
    const audit = await database.db.select().from(auditEntries).where(and(eq(auditEntries.entityUrn, res.json.urn), eq(auditEntries.action, "create")));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ entity: "policy", airport: "CDG", tenant });
    expect(audit[0].changes).toContainEqual({ field: "status", before: null, after: "DRAFT" });
  });

  it("counts versions per context: same airport+airline+tier set → next version, another context starts at 1", async () => {
    const tenant = uniqueTenant();
    const token = await tokenFor({ tenant, roles: ["ADMIN"] });
    const a1 = await call(POST, "/policies", { token, body: policyPayload({ tiers: ["ECONOMY", "PREMIUM_ECONOMY"] }) });
    // the same tier set in another order is the same context
    const a2 = await call(POST, "/policies", { token, body: policyPayload({ tiers: ["PREMIUM_ECONOMY", "ECONOMY"] }) });
    const b1 = await call(POST, "/policies", { token, body: policyPayload({ tiers: ["ECONOMY"] }) });
    const c1 = await call(POST, "/policies", { token, body: policyPayload({ context: { airport: "CDG", airline: "AF" } }) });
    expect([a1.json.version, a2.json.version, b1.json.version, c1.json.version]).toEqual([1, 2, 1, 1]);
    expect(a2.json.tiers).toEqual(["PREMIUM_ECONOMY", "ECONOMY"]);
    // another tenant has its own numbering
    const other = await call(POST, "/policies", { token: await tokenFor({ tenant: uniqueTenant() }), body: policyPayload() });
    expect(other.json.version).toBe(1);
  });

  it("takes unique versions under concurrent creates of one context", async () => {
    const tenant = uniqueTenant();
    const token = await tokenFor({ tenant, roles: ["ADMIN"] });
    const results = await Promise.all(Array.from({ length: 4 }, () => call(POST, "/policies", { token, body: policyPayload() })));
    expect(results.map((r) => r.status)).toEqual([201, 201, 201, 201]);
    expect(results.map((r) => r.json.version).sort()).toEqual([1, 2, 3, 4]);
  });

  it("derives the currency from the country, and defaults to EUR (or the given one) for airline-only and global policies", async () => {
    const token = await tokenFor({ tenant: uniqueTenant() });
    const lhr = await call(POST, "/policies", { token, body: policyPayload({ context: { airport: "lhr" } }) });
    expect(lhr.json).toMatchObject({ context: { airport: "LHR" }, currency: "GBP" });
    const jp = await call(POST, "/policies", { token, body: policyPayload({ context: { country: "JP" } }) });
    expect(jp.json.currency).toBe("JPY");
    const global = await call(POST, "/policies", { token, body: policyPayload({ context: {} }) });
    expect(global.json).toMatchObject({ context: { airport: null, airline: null, country: null }, currency: "EUR" });
    const airline = await call(POST, "/policies", { token, body: policyPayload({ context: { airline: "BA" }, currency: "GBP" }) });
    expect(airline.json.currency).toBe("GBP");
    const noContext = await call(POST, "/policies", { token, body: { name: "anything", tiers: ["CREW"] } });
    expect(noContext.status).toBe(201);
    const mismatch = await call(POST, "/policies", { token, body: policyPayload({ currency: "USD" }) });
    expect(mismatch.status).toBe(422);
    expect(mismatch.json.errors[0].path).toBe("currency");
  });

  it("keeps consolidationWeight and allocationWeights consistent when only one is given", async () => {
    const token = await tokenFor({ tenant: uniqueTenant() });
    const onlyCw = await call(POST, "/policies", { token, body: policyPayload({ consolidationWeight: 0.4 }) });
    expect(onlyCw.json).toMatchObject({ consolidationWeight: 0.4, allocationWeights: { cost: 0.6, distance: 0.25, consolidation: 0.4 } });
    const onlyW = await call(POST, "/policies", { token, body: policyPayload({ allocationWeights: { cost: 0.5, distance: 0.5, consolidation: 0 } }) });
    expect(onlyW.json).toMatchObject({ consolidationWeight: 0, allocationWeights: { cost: 0.5, distance: 0.5, consolidation: 0 } });
  });

  it("accepts CARD with a PSP token, stores it, and mirrors acceptedPayments into constraints", async () => {
    const token = await tokenFor({ tenant: uniqueTenant() });
    const res = await call(POST, "/policies", { token, body: policyPayload({ acceptedPayments: ["GUARANTEE", "CARD"], cardToken: "tok_1NqLxY2eZvKYlo2C" }) });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ acceptedPayments: ["GUARANTEE", "CARD"], cardToken: "tok_1NqLxY2eZvKYlo2C", constraints: { acceptedPayments: ["GUARANTEE", "CARD"] } });
    const viaConstraints = await call(POST, "/policies", {
      token,
      body: policyPayload({ constraints: { acceptedPayments: ["CARD"] }, cardToken: "pm_card_visa" }),
    });
    expect(viaConstraints.json).toMatchObject({ acceptedPayments: ["CARD"], constraints: { acceptedPayments: ["CARD"] } });
  });

  const invalidBodies: [string, Record<string, unknown>, string][] = [
    ["minStars 0", { constraints: { minStars: 0 } }, "constraints.minStars"],
    ["minStars 6", { constraints: { minStars: 6 } }, "constraints.minStars"],
    ["minStars 3.5", { constraints: { minStars: 3.5 } }, "constraints.minStars"],
    ["maxDistanceKm 0", { constraints: { maxDistanceKm: 0 } }, "constraints.maxDistanceKm"],
    ["maxNightlyRate negative", { constraints: { maxNightlyRate: -1 } }, "constraints.maxNightlyRate"],
    ["unknown amenity", { constraints: { requiredAmenities: ["SPA"] } }, "constraints.requiredAmenities.0"],
    ["unknown provider", { constraints: { allowProviders: ["BOOKING"] } }, "constraints.allowProviders.0"],
    ["consolidationWeight 1.5", { consolidationWeight: 1.5 }, "consolidationWeight"],
    ["consolidationWeight -0.1", { consolidationWeight: -0.1 }, "consolidationWeight"],
    ["negative weight", { allocationWeights: { cost: -0.1, distance: 0.5, consolidation: 0.5 } }, "allocationWeights.cost"],
    ["weight above 1", { allocationWeights: { cost: 1.2, distance: 0, consolidation: 0 } }, "allocationWeights.cost"],
    ["all weights zero", { allocationWeights: { cost: 0, distance: 0, consolidation: 0 } }, "allocationWeights"],
    ["negative buffer", { buffers: { lateCheckoutMinutes: -5 } }, "buffers.lateCheckoutMinutes"],
    ["empty tiers", { tiers: [] }, "tiers"],
    ["duplicate tiers", { tiers: ["ECONOMY", "ECONOMY"] }, "tiers"],
    ["unknown tier", { tiers: ["COACH"] }, "tiers.0"],
    ["bad mode", { mode: "SOMETIMES" }, "mode"],
    ["negative ceiling", { maxAutomaticRoomsPerWave: -1 }, "maxAutomaticRoomsPerWave"],
    ["bad airline", { context: { airport: "CDG", airline: "AIR" } }, "context.airline"],
    ["unknown country", { context: { country: "XX" } }, "context.country"],
    ["malformed airport", { context: { airport: "PARIS" } }, "context.airport"],
    ["unknown airport", { context: { airport: "ZZZ" } }, "context.airport"],
    ["country not the airport's", { context: { airport: "CDG", country: "GB" } }, "context.country"],
    ["CARD without token", { acceptedPayments: ["CARD"] }, "cardToken"],
    ["acceptedPayments disagree", { acceptedPayments: ["GUARANTEE"], constraints: { acceptedPayments: ["CARD"] }, cardToken: "tok_abc123" }, "constraints.acceptedPayments"],
    ["missing name", { name: "  " }, "name"],
    ["bad transport mode", { transport: { perTier: { FIRST: "HELICOPTER" } } }, "transport.perTier.FIRST"],
  ];
  it.each(invalidBodies)("refuses %s with 422 naming the field and writes nothing", async (_label, over, path) => {
    const tenant = uniqueTenant();
    const token = await tokenFor({ tenant });
    const res = await call(POST, "/policies", { token, body: policyPayload(over as never) });
    expect(res.status).toBe(422);
    expect(res.json.code).toBe("VALIDATION_FAILED");
    expect(res.json.errors.map((e: { path: string }) => e.path)).toContain(path);
    expect(await countPolicies(tenant)).toBe(0);
  });

  it.each([
    ["4111111111111111"],
    ["4111 1111 1111 1111"],
    ["4111-1111-1111-1111"],
    ["tok_4000056655665556"],
    ["1234567890123"],
  ])("refuses a card number %s as cardToken (422) and never stores it", async (pan) => {
    const tenant = uniqueTenant();
    const token = await tokenFor({ tenant });
    const res = await call(POST, "/policies", { token, body: policyPayload({ acceptedPayments: ["CARD"], cardToken: pan }) });
    expect(res.status).toBe(422);
    expect(res.json.errors).toEqual([expect.objectContaining({ path: "cardToken" })]);
    expect(res.text).not.toContain(pan.replace(/\D/g, "").slice(-8));
    expect(await countPolicies(tenant)).toBe(0);
    const audit = await database.db.select().from(auditEntries).where(eq(auditEntries.tenant, tenant));
    expect(JSON.stringify(audit)).not.toContain(pan);
  });

  it("answers 400 for a body that is not JSON and 415 for a wrong content type", async () => {
    const token = await tokenFor({ tenant: uniqueTenant() });
    const bad = await call(POST, "/policies", { token, rawBody: "{nope", headers: { "content-type": "application/json" } });
    expect(bad.status).toBe(400);
    const wrongType = await call(POST, "/policies", { token, rawBody: "name=x", headers: { "content-type": "text/plain" } });
    expect(wrongType.status).toBe(415);
  });

  describe("roles and scope", () => {
    it.each([["OPS_SUPERVISOR"], ["ADMIN"]] as const)("%s may create", async (role) => {
      const token = await tokenFor({ tenant: uniqueTenant(), roles: [role] });
      expect((await call(POST, "/policies", { token, body: policyPayload() })).status).toBe(201);
    });

    it.each([["AIRPORT_OPERATOR"], ["FEED"]] as const)("%s is refused with 403 FORBIDDEN, audited, nothing created", async (role) => {
      const tenant = uniqueTenant();
      const token = await tokenFor({ tenant, roles: [role], airports: ["CDG"] });
      const res = await call(POST, "/policies", { token, body: policyPayload() });
      expect(res.status).toBe(403);
      expect(res.json.code).toBe("FORBIDDEN");
      expect(await countPolicies(tenant)).toBe(0);
      const denied = await database.db.select().from(auditEntries).where(and(eq(auditEntries.tenant, tenant), eq(auditEntries.action, "access-denied")));
      expect(denied).toHaveLength(1);
    });

    it("refuses an airport outside the supervisor's claims with 403 OUT_OF_SCOPE; airport-less policies are allowed", async () => {
      const tenant = uniqueTenant();
      const token = await tokenFor({ tenant, roles: ["OPS_SUPERVISOR"], airports: ["CDG"] });
      const res = await call(POST, "/policies", { token, body: policyPayload({ context: { airport: "LHR" } }) });
      expect(res.status).toBe(403);
      expect(res.json.code).toBe("OUT_OF_SCOPE");
      expect(await countPolicies(tenant)).toBe(0);
      const global = await call(POST, "/policies", { token, body: policyPayload({ context: { airline: tenant } }) });
      expect(global.status).toBe(201);
    });

    it("refuses a request without a token or with a bad one with 401", async () => {
      expect((await call(POST, "/policies", { body: policyPayload() })).status).toBe(401);
      const res = await call(POST, "/policies", { body: policyPayload(), token: "not.a.jwt" });
      expect(res.status).toBe(401);
      expect(res.json.code).toBe("UNAUTHENTICATED");
    });
  });
});
