import { SignJWT, base64url } from "jose";
import { describe, expect, it } from "vitest";
import { GET as audit } from "@/app/api/v1/audit/route";
import { GET as health } from "@/app/api/v1/health/route";
import { serviceTokens } from "@/db/schema";
import { mintToken } from "@/lib/auth/tokens";
import { call, tokenFor, apiTestDatabase } from "../../helpers/api";
import { uniqueTenant } from "../../helpers/factories";

const SECRET = new TextEncoder().encode(process.env.AUTH_SECRET!);
const database = apiTestDatabase();


const claims = (over: Record<string, unknown> = {}) => ({
  sub: "urn:svc:user:0195f0c8-7a1e-7c2d-9a55-3b2f4a1c9d10",
  tenant: "AF",
  roles: ["ADMIN"],
  airports: ["*"],
  jti: crypto.randomUUID(),
  ...over,
});

async function expect401(token: string, detail?: RegExp) {
  const res = await call(audit, "/audit", { token });
  expect(res.status).toBe(401);
  expect(res.json.code).toBe("UNAUTHENTICATED");
  if (detail) expect(res.json.detail).toMatch(detail);
}

describe("bearer tokens", () => {
  it("accepts a token minted with AUTH_SECRET", async () => {
    const res = await call(audit, "/audit", { token: await tokenFor({ tenant: uniqueTenant() }) });
    expect(res.status).toBe(200);
  });

  it("refuses a wrong signature", async () => {
    const t = await new SignJWT(claims()).setProtectedHeader({ alg: "HS256" }).setIssuedAt().setExpirationTime("1h").sign(new TextEncoder().encode("wrong"));
    await expect401(t);
  });

  it("refuses alg none", async () => {
    const now = Math.floor(Date.now() / 1000);
    const header = base64url.encode(JSON.stringify({ alg: "none", typ: "JWT" }));
    const body = base64url.encode(JSON.stringify({ ...claims(), iat: now, exp: now + 3600 }));
    await expect401(`${header}.${body}.`);
  });

  it("refuses an expired token", async () => {
    const now = Math.floor(Date.now() / 1000);
    const t = await new SignJWT(claims()).setProtectedHeader({ alg: "HS256" }).setIssuedAt(now - 7200).setExpirationTime(now - 3600).sign(SECRET);
    await expect401(t, /expired/);
  });

  it.each(["tenant", "roles", "airports", "jti", "sub"])("refuses a token without %s", async (claim) => {
    const c: Record<string, unknown> = claims();
    delete c[claim];
    const t = await new SignJWT(c).setProtectedHeader({ alg: "HS256" }).setIssuedAt().setExpirationTime("1h").sign(SECRET);
    await expect401(t);
  });

  it("refuses a token without exp", async () => {
    const t = await new SignJWT(claims()).setProtectedHeader({ alg: "HS256" }).setIssuedAt().sign(SECRET);
    await expect401(t);
  });

  it("refuses an unknown role and a malformed header", async () => {
    const t = await new SignJWT(claims({ roles: ["ROOT"] })).setProtectedHeader({ alg: "HS256" }).setIssuedAt().setExpirationTime("1h").sign(SECRET);
    await expect401(t);
    const res = await call(audit, "/audit", { headers: { authorization: "Token abc" } });
    expect(res.status).toBe(401);
  });

  it("refuses a revoked service token", async () => {
    const tenant = uniqueTenant();
    const minted = await mintToken({ tenant, roles: ["OPS_SUPERVISOR"], airports: ["*"], sub: "client:feed" });
    expect((await call(audit, "/audit", { token: minted.token })).status).toBe(200);
    await database.db.insert(serviceTokens).values({
      jti: minted.jti, urn: `urn:svc:token:${minted.jti}`, tenant, name: "feed", sub: "client:feed", roles: ["OPS_SUPERVISOR"],
      airports: ["*"], createdBy: "test", expiresAt: minted.expiresAt, revokedAt: new Date(), revokedBy: "test",
    });
    await expect401(minted.token, /revoked/);
  });
});

describe("request conventions", () => {
  it("echoes a request id, or makes one", async () => {
    const mine = await call(health, "/health", { headers: { "x-request-id": "req-123" } });
    expect(mine.headers.get("x-request-id")).toBe("req-123");
    const made = await call(health, "/health");
    expect(made.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("health is public and reports the database", async () => {
    const res = await call(health, "/health");
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ status: "ok", database: { ok: true } });
  });

  it("rate-limits per token with 429 and Retry-After", async () => {
    process.env.RATE_LIMIT_PER_MINUTE = "5";
    try {
      const token = await tokenFor({ tenant: uniqueTenant() });
      const statuses: number[] = [];
      let last;
      for (let i = 0; i < 7; i++) {
        last = await call(audit, "/audit", { token });
        statuses.push(last.status);
      }
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
      expect(last!.json.code).toBe("RATE_LIMITED");
      expect(Number(last!.headers.get("retry-after"))).toBeGreaterThan(0);
      // another token is not affected
      expect((await call(audit, "/audit", { token: await tokenFor({ tenant: uniqueTenant() }) })).status).toBe(200);
    } finally {
      delete process.env.RATE_LIMIT_PER_MINUTE;
    }
  });
});
