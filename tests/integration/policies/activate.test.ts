import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditEntries, policies } from "@/db/schema";
import { POST as activate } from "@/app/api/v1/policies/[policyUrn]/activate/route";
import { GET as getOne } from "@/app/api/v1/policies/[policyUrn]/route";
import { createPolicy } from "@/lib/policies/create";
import { PolicyInput } from "@/lib/policies/schemas";
import { call, tokenFor, apiTestDatabase } from "../../helpers/api";
import { ctxFor, principal, uniqueTenant } from "../../helpers/factories";
import { policyPayload } from "../../helpers/policies";

const database = apiTestDatabase({ airports: true });


async function draft(tenant: string, over = {}) {
  return createPolicy({ ctx: ctxFor(database.db, principal({ tenant })), input: PolicyInput.parse(policyPayload(over)) });
}

function activateCall(urn: string, token?: string, body?: unknown) {
  return call(activate, `/policies/${urn}/activate`, { token, params: { policyUrn: urn }, method: "POST", ...(body === undefined ? {} : { body }) });
}

async function statusOf(urn: string): Promise<string> {
  const [row] = await database.db.select({ status: policies.status }).from(policies).where(eq(policies.urn, urn));
  return row.status;
}

async function auditOf(urn: string) {
  return database.db.select().from(auditEntries).where(and(eq(auditEntries.entityUrn, urn), eq(auditEntries.entity, "policy"))).orderBy(asc(auditEntries.urn));
}

describe("POST /policies/{policyUrn}/activate", () => {
  it("activates a DRAFT without a body: 200 with the ACTIVE record, activatedBy/At set, audited before/after", async () => {
    const tenant = uniqueTenant();
    const p = await draft(tenant);
    const sub = "urn:svc:user:0195f0c8-7a1e-7c2d-9a55-3b2f4a1c9d11";
    const token = await tokenFor({ tenant, roles: ["OPS_SUPERVISOR"], airports: ["CDG"], sub });
    const res = await activateCall(p.urn, token);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ urn: p.urn, status: "ACTIVE", version: 1, activatedBy: sub });
    expect(Date.parse(res.json.activatedAt)).not.toBeNaN();
    const entry = (await auditOf(p.urn)).find((e) => e.action === "activate")!;
    expect(entry).toMatchObject({ actor: sub, airport: "CDG", reason: null });
    expect(entry.changes).toEqual(
      expect.arrayContaining([
        { field: "status", before: "DRAFT", after: "ACTIVE" },
        { field: "activatedBy", before: null, after: sub },
      ]),
    );
  });

  it("archives the ACTIVE version of the same context, not another context's, and keeps the reason", async () => {
    const tenant = uniqueTenant();
    const token = await tokenFor({ tenant, roles: ["ADMIN"] });
    const v1 = await draft(tenant);
    const otherTiers = await draft(tenant, { tiers: ["ECONOMY"] });
    const otherAirline = await draft(tenant, { context: { airport: "CDG", airline: "AF" } });
    const otherAirport = await draft(tenant, { context: { airport: "ORY" } });
    for (const p of [v1, otherTiers, otherAirline, otherAirport]) expect((await activateCall(p.urn, token)).status).toBe(200);
    const v2 = await draft(tenant);
    expect(v2.version).toBe(2);
    const res = await activateCall(v2.urn, token, { reason: "winter rates" });
    expect(res.status).toBe(200);
    expect(await statusOf(v1.urn)).toBe("ARCHIVED");
    expect(await statusOf(v2.urn)).toBe("ACTIVE");
    for (const p of [otherTiers, otherAirline, otherAirport]) expect(await statusOf(p.urn)).toBe("ACTIVE");
    const archived = (await auditOf(v1.urn)).find((e) => e.action === "archive")!;
    expect(archived.reason).toBe(`superseded by ${v2.urn} v2: winter rates`);
    expect(archived.changes).toContainEqual({ field: "status", before: "ACTIVE", after: "ARCHIVED" });
    expect((await auditOf(v2.urn)).find((e) => e.action === "activate")!.reason).toBe("winter rates");
    // another tenant's same context is untouched
    const foreign = await draft(uniqueTenant());
    expect(await statusOf(foreign.urn)).toBe("DRAFT");
  });

  it("rolls back by activating an ARCHIVED version, archiving the newer one", async () => {
    const tenant = uniqueTenant();
    const token = await tokenFor({ tenant });
    const v1 = await draft(tenant);
    const v2 = await draft(tenant);
    await activateCall(v1.urn, token);
    await activateCall(v2.urn, token);
    const back = await activateCall(v1.urn, token, { reason: "v2 too strict" });
    expect(back.status).toBe(200);
    expect(back.json).toMatchObject({ status: "ACTIVE", version: 1 });
    expect(await statusOf(v2.urn)).toBe("ARCHIVED");
    const entries = await auditOf(v1.urn);
    expect(entries.map((e) => e.action)).toEqual(["create", "activate", "archive", "activate"]);
    expect(entries[3].changes).toContainEqual({ field: "status", before: "ARCHIVED", after: "ACTIVE" });
  });

  it("refuses to activate an ACTIVE policy with 409 INVALID_TRANSITION and changes nothing", async () => {
    const tenant = uniqueTenant();
    const token = await tokenFor({ tenant });
    const p = await draft(tenant);
    const first = await activateCall(p.urn, token);
    const again = await activateCall(p.urn, token);
    expect(again.status).toBe(409);
    expect(again.json.code).toBe("INVALID_TRANSITION");
    const now = await call(getOne, `/policies/${p.urn}`, { token, params: { policyUrn: p.urn } });
    expect(now.json.activatedAt).toBe(first.json.activatedAt);
    expect((await auditOf(p.urn)).filter((e) => e.action === "activate")).toHaveLength(1);
  });

  it("never leaves two ACTIVE versions of one context under concurrent activations", async () => {
    const tenant = uniqueTenant();
    const token = await tokenFor({ tenant });
    const drafts = [await draft(tenant), await draft(tenant), await draft(tenant)];
    const results = await Promise.all(drafts.map((d) => activateCall(d.urn, token)));
    for (const r of results) expect([200, 409]).toContain(r.status);
    for (const r of results.filter((x) => x.status === 409)) expect(r.json.code).toBe("CONFLICT");
    const active = await database.db.select().from(policies).where(and(eq(policies.tenant, tenant), eq(policies.status, "ACTIVE")));
    expect(active).toHaveLength(1);
  });

  it("refuses a blank body content type or malformed JSON", async () => {
    const tenant = uniqueTenant();
    const token = await tokenFor({ tenant });
    const p = await draft(tenant);
    const res = await call(activate, `/policies/${p.urn}/activate`, { token, params: { policyUrn: p.urn }, method: "POST", rawBody: "{", headers: { "content-type": "application/json" } });
    expect(res.status).toBe(400);
    expect(await statusOf(p.urn)).toBe("DRAFT");
  });

  describe("roles and scope", () => {
    it.each([["AIRPORT_OPERATOR"], ["FEED"]] as const)("%s is refused with 403 FORBIDDEN", async (role) => {
      const tenant = uniqueTenant();
      const p = await draft(tenant);
      const res = await activateCall(p.urn, await tokenFor({ tenant, roles: [role], airports: ["CDG"] }));
      expect(res.status).toBe(403);
      expect(res.json.code).toBe("FORBIDDEN");
      expect(await statusOf(p.urn)).toBe("DRAFT");
    });

    it("answers 404 for another tenant's policy", async () => {
      const p = await draft(uniqueTenant());
      const res = await activateCall(p.urn, await tokenFor({ tenant: uniqueTenant() }));
      expect(res.status).toBe(404);
      expect(await statusOf(p.urn)).toBe("DRAFT");
    });

    it("answers 403 OUT_OF_SCOPE for a policy of an airport outside the supervisor's claims", async () => {
      const tenant = uniqueTenant();
      const p = await draft(tenant, { context: { airport: "LHR" } });
      const res = await activateCall(p.urn, await tokenFor({ tenant, roles: ["OPS_SUPERVISOR"], airports: ["CDG"] }));
      expect(res.status).toBe(403);
      expect(res.json.code).toBe("OUT_OF_SCOPE");
      expect(await statusOf(p.urn)).toBe("DRAFT");
    });

    it("answers 401 without a token", async () => {
      const p = await draft(uniqueTenant());
      expect((await activateCall(p.urn)).status).toBe(401);
    });
  });
});
