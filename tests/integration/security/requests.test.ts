import { sql } from "drizzle-orm";
import { SignJWT } from "jose";
import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { GET as listAudit } from "@/app/api/v1/audit/route";
import { GET as getCase } from "@/app/api/v1/cases/[caseUrn]/route";
import { POST as createCaseRoute } from "@/app/api/v1/cases/route";
import { POST as activate } from "@/app/api/v1/policies/[policyUrn]/activate/route";
import { POST as createPolicyRoute } from "@/app/api/v1/policies/route";
import { users } from "@/db/schema";
import { authSecret } from "@/lib/auth/secret";
import { mintToken } from "@/lib/auth/tokens";
import { newUrn } from "@/lib/ids";
import { errorFields } from "@/lib/log";
import { mintServiceToken } from "@/lib/service-tokens/mint";
import { proxy } from "@/proxy";
import { apiTestDatabase, call, tokenFor } from "../../helpers/api";
import { consoleCookie } from "../../helpers/sessions";
import { casePayload, roleToken } from "../../helpers/cases";
import { ctxFor, principal, uniqueTenant } from "../../helpers/factories";
import { policyPayload } from "../../helpers/policies";

const database = apiTestDatabase({ airports: true });
const HOSTILE = ["%E0%A4%A", "%ZZ", "%", "%FF", "a%2", "%C0%AF"];

async function rowCount(table: string): Promise<number> {
  const r = (await database.db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as { rows: { n: number }[] };
  return Number(r.rows[0].n);
}

describe("proxy: paths whose percent-encoding does not decode", () => {
  it.each(HOSTILE)("/api/v1/cases/%s is a problem+json 404 with the security headers", async (seg) => {
    for (const path of [`/api/v1/cases/${seg}`, `/api/v1/cases/${seg}/close`, `/api/v1/${seg}`, `/api/v1/demand/${seg}/approve`]) {
      const res = await proxy(new NextRequest(`http://localhost${path}`, { method: "POST" }));
      expect(res.status, path).toBe(404);
      expect(res.headers.get("content-type")).toBe("application/problem+json");
      const body = await res.json();
      expect(body).toMatchObject({ status: 404, code: "NOT_FOUND" });
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    }
  });

  it.each(HOSTILE)("console path /cases/%s is rewritten to the not-found page", async (seg) => {
    for (const path of [`/cases/${seg}`, `/${seg}`, `/policies/${seg}/edit`, `/cases?x=1`.replace("?x=1", `/${seg}?status=OPEN`)]) {
      const res = await proxy(new NextRequest(`http://localhost${path}`));
      expect(res.headers.get("x-middleware-rewrite"), path).toMatch(/\/_not-found-page$/);
    }
  });

  it("lets a well-formed path through, percent-encoded URNs included, with the security headers", async () => {
    for (const path of ["/cases", "/api/v1/cases/urn%3Asvc%3Acase%3A0195f0c8-7a1e-7c2d-9a55-3b2f4a1c9d10", "/audit?entity=%E2%82%AC"]) {
      const res = await proxy(new NextRequest(`http://localhost${path}`));
      expect(res.headers.get("x-middleware-next"), path).toBe("1");
      expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    }
  });

  it("refuses a server action posted from another site (403, plain words), lets the console's own through", async () => {
    const foreign = await proxy(new NextRequest("http://console.test/cases", { method: "POST", headers: { "next-action": "abc", origin: "https://evil.example" } }));
    expect(foreign.status).toBe(403);
    expect(await foreign.text()).toMatch(/another site/);
    const own = await proxy(new NextRequest("http://console.test/cases", { method: "POST", headers: { "next-action": "abc", origin: "http://console.test" } }));
    expect(own.headers.get("x-middleware-next")).toBe("1");
  });
});

async function sessionCookie(tenant: string, roles = ["OPS_SUPERVISOR"], airports = ["*"]) {
  return (await consoleCookie(database.db, { tenant, roles, airports })).cookie;
}

describe("the console's session cookie on the API", () => {
  it("is refused on a state change from a foreign Origin (403 FORBIDDEN saying why), nothing written", async () => {
    const tenant = uniqueTenant();
    const cookie = await sessionCookie(tenant);
    const before = await rowCount("cases");
    for (const headers of [{ origin: "https://evil.example" }, { origin: "null" }, { "sec-fetch-site": "cross-site" }] as Record<string, string>[]) {
      const res = await call(createCaseRoute, "/cases", { body: casePayload(), headers: { cookie, ...headers } });
      expect(res.status, JSON.stringify(headers)).toBe(403);
      expect(res.json.code).toBe("FORBIDDEN");
      expect(res.json.detail).toMatch(/session cookie must come from the console/);
    }
    expect(await rowCount("cases")).toBe(before);
  });

  it("is accepted from the console's own origin, and for reads from anywhere", async () => {
    const tenant = uniqueTenant();
    const cookie = await sessionCookie(tenant);
    const own = await call(createCaseRoute, "/cases", { body: casePayload(), headers: { cookie, origin: "http://localhost" } });
    expect(own.status).toBe(201);
    const read = await call(getCase, `/cases/${own.json.urn}`, { params: { caseUrn: own.json.urn }, headers: { cookie, origin: "https://evil.example" } });
    expect(read.status).toBe(200);
  });

  it("a bearer token is not affected by Origin", async () => {
    const token = await tokenFor({ tenant: uniqueTenant(), roles: ["OPS_SUPERVISOR"] });
    const res = await call(createCaseRoute, "/cases", { token, body: casePayload(), headers: { origin: "https://elsewhere.example" } });
    expect(res.status).toBe(201);
  });
});

async function signed(claims: Record<string, unknown>) {
  return new SignJWT({ sub: newUrn("user"), tenant: "AF", roles: ["ADMIN"], airports: ["*"], jti: crypto.randomUUID(), ...claims })
    .setProtectedHeader({ alg: "HS256" })
    .sign(new TextEncoder().encode(authSecret()));
}

describe("bearer tokens: lifetime, issue time and the 401 challenge", () => {
  const now = () => Math.floor(Date.now() / 1000);

  it("401 with WWW-Authenticate: Bearer when no credentials are sent", async () => {
    const res = await call(listAudit, "/audit");
    expect(res.status).toBe(401);
    expect(res.headers.get("www-authenticate")).toBe('Bearer realm="api"');
  });

  it("refuses an exp further away than TOKEN_MAX_TTL (24h) and an iat in the future, with error=invalid_token", async () => {
    for (const [claims, why] of [
      [{ iat: now(), exp: now() + 25 * 3600 }, /at most 24h/],
      [{ iat: now(), exp: now() + 10 * 365 * 86_400 }, /at most 24h/],
      [{ iat: now() + 3600, exp: now() + 7200 }, /issued in the future/],
    ] as const) {
      const res = await call(listAudit, "/audit", { token: await signed(claims) });
      expect(res.status, JSON.stringify(claims)).toBe(401);
      expect(res.json.detail).toMatch(why);
      expect(res.headers.get("www-authenticate")).toMatch(/^Bearer realm="api", error="invalid_token"/);
    }
    const ok = await call(listAudit, "/audit", { token: await signed({ iat: now() + 30, exp: now() + 23 * 3600 }) });
    expect(ok.status).toBe(200);
  });

  it("mintToken refuses a ttl over the maximum; a console service token may live 90 days and works", async () => {
    await expect(mintToken({ tenant: "AF", roles: ["ADMIN"], airports: ["*"], ttlSeconds: 2 * 86_400 })).rejects.toThrow(/at most 24h/);
    const tenant = uniqueTenant();
    const ctx = ctxFor(database.db, principal({ tenant, roles: ["ADMIN"] }));
    const minted = await mintServiceToken({ ctx, input: { name: "feed", roles: ["FEED"], airports: ["*"], ttl: "90d" } });
    const res = await call(createCaseRoute, "/cases", { token: minted.token, body: casePayload() });
    expect(res.status).toBe(201);
  });
});

describe("audit entries of refused requests are scoped by the record's airport", () => {
  it("an LHR operator does not read the 403 entries of a CDG case; a CDG operator and a supervisor do", async () => {
    const tenant = uniqueTenant();
    const ops = await roleToken(tenant, "OPS_SUPERVISOR");
    const created = await call(createCaseRoute, "/cases", { token: ops, body: casePayload() });
    const urn = created.json.urn as string;
    const intruder = await roleToken(tenant, "AIRPORT_OPERATOR", ["LHR"]);
    const refused = await call(getCase, `/cases/${urn}`, { token: intruder, params: { caseUrn: urn } });
    expect(refused.status).toBe(403);
    const denied = (token: string) =>
      call(listAudit, "/audit", { token, query: { action: "access-denied" } }).then((r) => r.json.items.filter((e: { entityUrn: string }) => e.entityUrn === urn));
    const lhr = await roleToken(tenant, "AIRPORT_OPERATOR", ["LHR"], newUrn("user"));
    expect(await denied(lhr)).toEqual([]);
    const cdg = await roleToken(tenant, "AIRPORT_OPERATOR", ["CDG"]);
    expect(await denied(cdg)).toEqual([expect.objectContaining({ airport: "CDG" })]);
    expect(await denied(ops)).toHaveLength(1);
  });
});

describe("request bodies: empty ones", () => {
  it("POST /cases: empty JSON body 400 MALFORMED_BODY, empty text/plain 415, no body and no type 422; nothing written", async () => {
    const token = await tokenFor({ tenant: uniqueTenant(), roles: ["OPS_SUPERVISOR"] });
    const before = await rowCount("cases");
    const json = await call(createCaseRoute, "/cases", { token, method: "POST", rawBody: "", headers: { "content-type": "application/json" } });
    expect([json.status, json.json.code]).toEqual([400, "MALFORMED_BODY"]);
    const text = await call(createCaseRoute, "/cases", { token, method: "POST", rawBody: "", headers: { "content-type": "text/plain" } });
    expect([text.status, text.json.code]).toEqual([415, "UNSUPPORTED_MEDIA_TYPE"]);
    const none = await call(createCaseRoute, "/cases", { token, method: "POST" });
    expect([none.status, none.json.code]).toEqual([422, "VALIDATION_FAILED"]);
    expect(await rowCount("cases")).toBe(before);
  });

  it("an action whose body is optional (activate) takes an empty body, whatever its declared type", async () => {
    const token = await tokenFor({ tenant: uniqueTenant(), roles: ["OPS_SUPERVISOR"] });
    for (const headers of [{ "content-type": "application/json" }, { "content-type": "text/plain" }, {}] as Record<string, string>[]) {
      const draft = await call(createPolicyRoute, "/policies", { token, body: policyPayload({ name: `p-${Math.random()}` }) });
      expect(draft.status).toBe(201);
      const res = await call(activate, `/policies/${draft.json.urn}/activate`, { token, method: "POST", rawBody: "", headers, params: { policyUrn: draft.json.urn } });
      expect(res.status, JSON.stringify(headers)).toBe(200);
    }
  });
});

describe("error logs carry no personal data", () => {
  it("a failed insert naming a passenger's e-mail and name logs neither", async () => {
    const email = "ana.silva@example.com";
    await database.db.insert(users).values({ urn: newUrn("user"), tenant: "AF", email, name: "Ana Silva", passwordHash: null, roles: ["ADMIN"], airports: ["*"] });
    let caught: unknown;
    try {
      await database.db.insert(users).values({ urn: newUrn("user"), tenant: "AF", email, name: "Ana Silva", passwordHash: null, roles: ["ADMIN"], airports: ["*"] });
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeDefined();
    const text = JSON.stringify(errorFields(caught));
    expect(text).not.toContain("ana.silva");
    expect(text).not.toContain("Ana Silva");
    expect(text).toContain("23505"); // the SQLSTATE still says what went wrong
    expect(text).toContain("users_email_idx"); // and the constraint which
  });

  it("masks e-mail addresses and long numbers in other errors' messages", () => {
    const text = JSON.stringify(errorFields(new Error("no hotel for ana@example.com, card 4111 1111 1111 1111")));
    expect(text).not.toContain("ana@example.com");
    expect(text).not.toContain("4111 1111");
  });
});

describe("filter values are case-insensitive", () => {
  it("?status=open and ?state=open read as OPEN on the API; a value that is no member stays a 422", async () => {
    const { GET: listCases } = await import("@/app/api/v1/cases/route");
    const { GET: listReview } = await import("@/app/api/v1/manual-review/route");
    const tenant = uniqueTenant();
    const token = await roleToken(tenant, "OPS_SUPERVISOR");
    const created = await call(createCaseRoute, "/cases", { token, body: casePayload() });
    const lower = await call(listCases, "/cases", { token, query: { status: created.json.status.toLowerCase() } });
    expect(lower.status).toBe(200);
    expect(lower.json.items.map((c: { urn: string }) => c.urn)).toContain(created.json.urn);
    expect((await call(listReview, "/manual-review", { token, query: { state: "open", priority: "high" } })).status).toBe(200);
    expect((await call(listCases, "/cases", { token, query: { status: "nonsense" } })).status).toBe(422);
  });
});
