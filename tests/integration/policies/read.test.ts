import { describe, expect, it } from "vitest";
import { GET as getOne } from "@/app/api/v1/policies/[policyUrn]/route";
import { GET as list } from "@/app/api/v1/policies/route";
import { call, tokenFor, apiTestDatabase } from "../../helpers/api";
import { ctxFor, principal, uniqueTenant } from "../../helpers/factories";
import { activePolicy, policyPayload } from "../../helpers/policies";
import { createPolicy } from "@/lib/policies/create";
import { PolicyInput } from "@/lib/policies/schemas";

const database = apiTestDatabase({ airports: true });


async function draft(tenant: string, over = {}) {
  const ctx = ctxFor(database.db, principal({ tenant }));
  return createPolicy({ ctx, input: PolicyInput.parse(policyPayload(over)) });
}

const urnsOf = (res: { json: { items: { urn: string }[] } }) => res.json.items.map((p) => p.urn);

describe("GET /policies", () => {
  it("lists the tenant's policies newest first, filtered by status, airport, airline and tier", async () => {
    const tenant = uniqueTenant();
    const cdg = await activePolicy(database.db, tenant);
    const lhr = await draft(tenant, { context: { airport: "LHR" } });
    const crew = await draft(tenant, { context: { airport: "CDG", airline: "AF" }, tiers: ["CREW"] });
    await draft(uniqueTenant());
    const token = await tokenFor({ tenant, roles: ["OPS_SUPERVISOR"] });
    const all = await call(list, "/policies", { token });
    expect(all.status).toBe(200);
    expect(urnsOf(all)).toEqual([crew.urn, lhr.urn, cdg.urn]);
    expect(all.json.nextCursor).toBeNull();
    expect(urnsOf(await call(list, "/policies", { token, query: { status: "ACTIVE" } }))).toEqual([cdg.urn]);
    expect(urnsOf(await call(list, "/policies", { token, query: { airport: "LHR" } }))).toEqual([lhr.urn]);
    expect(urnsOf(await call(list, "/policies", { token, query: { airline: "AF" } }))).toEqual([crew.urn]);
    expect(urnsOf(await call(list, "/policies", { token, query: { tier: "CREW" } }))).toEqual([crew.urn]);
  });

  it("pages with a cursor", async () => {
    const tenant = uniqueTenant();
    for (let i = 0; i < 5; i++) await draft(tenant);
    const token = await tokenFor({ tenant });
    const first = await call(list, "/policies", { token, query: { limit: "2" } });
    const second = await call(list, "/policies", { token, query: { limit: "2", cursor: first.json.nextCursor } });
    const third = await call(list, "/policies", { token, query: { limit: "2", cursor: second.json.nextCursor } });
    expect(third.json.nextCursor).toBeNull();
    const seen = [...urnsOf(first), ...urnsOf(second), ...urnsOf(third)];
    expect(new Set(seen).size).toBe(5);
  });

  it("refuses bad filters with 422", async () => {
    const token = await tokenFor({ tenant: uniqueTenant() });
    for (const query of [{ status: "LIVE" }, { limit: "0" }, { cursor: "%%%" }, { tier: "COACH" }] as Record<string, string>[]) {
      const res = await call(list, "/policies", { token, query });
      expect(res.status).toBe(422);
    }
  });

  it("shows an airport operator its airports' policies and the airport-less ones; another airport explicitly is OUT_OF_SCOPE", async () => {
    const tenant = uniqueTenant();
    const cdg = await draft(tenant);
    await draft(tenant, { context: { airport: "LHR" } });
    const global = await draft(tenant, { context: {} });
    const token = await tokenFor({ tenant, roles: ["AIRPORT_OPERATOR"], airports: ["CDG"] });
    const res = await call(list, "/policies", { token });
    expect(urnsOf(res)).toEqual([global.urn, cdg.urn]);
    const other = await call(list, "/policies", { token, query: { airport: "LHR" } });
    expect(other.status).toBe(403);
    expect(other.json.code).toBe("OUT_OF_SCOPE");
  });

  it("refuses FEED with 403 and no token with 401", async () => {
    const tenant = uniqueTenant();
    expect((await call(list, "/policies", { token: await tokenFor({ tenant, roles: ["FEED"] }) })).status).toBe(403);
    expect((await call(list, "/policies")).status).toBe(401);
  });
});

describe("GET /policies/{policyUrn}", () => {
  it.each([["OPS_SUPERVISOR"], ["ADMIN"], ["AIRPORT_OPERATOR"]] as const)("%s reads a policy in scope, raw or percent-encoded", async (role) => {
    const tenant = uniqueTenant();
    const p = await draft(tenant);
    const token = await tokenFor({ tenant, roles: [role], airports: ["CDG"] });
    const raw = await call(getOne, `/policies/${p.urn}`, { token, params: { policyUrn: p.urn } });
    expect(raw.status).toBe(200);
    expect(raw.json).toEqual(p);
    const encoded = await call(getOne, `/policies/${encodeURIComponent(p.urn)}`, { token, params: { policyUrn: encodeURIComponent(p.urn) } });
    expect(encoded.json.urn).toBe(p.urn);
  });

  it("answers 404 for another tenant's policy, an unknown one and a malformed URN", async () => {
    const p = await draft(uniqueTenant());
    const token = await tokenFor({ tenant: uniqueTenant() });
    for (const urn of [p.urn, "urn:svc:policy:0195f0c8-7a1e-7c2d-9a55-3b2f4a1c9d10", "nope"]) {
      const res = await call(getOne, `/policies/${urn}`, { token, params: { policyUrn: urn } });
      expect(res.status).toBe(404);
      expect(res.json.code).toBe("NOT_FOUND");
    }
  });

  it("answers 403 OUT_OF_SCOPE for an airport outside the claims, 403 FORBIDDEN for FEED, 401 without a token", async () => {
    const tenant = uniqueTenant();
    const p = await draft(tenant, { context: { airport: "LHR" } });
    const op = await tokenFor({ tenant, roles: ["AIRPORT_OPERATOR"], airports: ["CDG"] });
    const res = await call(getOne, `/policies/${p.urn}`, { token: op, params: { policyUrn: p.urn } });
    expect(res.status).toBe(403);
    expect(res.json.code).toBe("OUT_OF_SCOPE");
    const feed = await tokenFor({ tenant, roles: ["FEED"] });
    expect((await call(getOne, `/policies/${p.urn}`, { token: feed, params: { policyUrn: p.urn } })).json.code).toBe("FORBIDDEN");
    expect((await call(getOne, `/policies/${p.urn}`, { params: { policyUrn: p.urn } })).status).toBe(401);
  });
});
