import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditEntries, serviceTokens } from "@/db/schema";
import { listAudit } from "@/lib/audit/list";
import { authenticate } from "@/lib/auth/authenticate";
import { DomainError } from "@/lib/errors";
import { listServiceTokens } from "@/lib/service-tokens/list";
import { mintServiceToken } from "@/lib/service-tokens/mint";
import { revokeServiceToken } from "@/lib/service-tokens/revoke";
import { apiTestDatabase } from "../../helpers/api";
import { ctxFor, principal, uniqueTenant } from "../../helpers/factories";

const database = apiTestDatabase();


function bearer(token: string): Request {
  return new Request("http://localhost/api/v1/cases", { headers: { authorization: `Bearer ${token}` } });
}

async function refusal(p: Promise<unknown>): Promise<DomainError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(DomainError);
  return err as DomainError;
}

describe("service tokens", () => {
  it("mints a FEED token by default that authenticates, is listed and audited without the secret", async () => {
    const tenant = uniqueTenant();
    const ctx = ctxFor(database.db, principal({ tenant, roles: ["ADMIN"] }));
    const minted = await mintServiceToken({ ctx, input: { name: "Airline feed (ops)", airports: ["cdg", "ORY"], ttl: "30d" } });
    expect(minted).toMatchObject({ name: "Airline feed (ops)", roles: ["FEED"], airports: ["CDG", "ORY"], status: "ACTIVE", sub: "client:airline-feed-ops" });
    const days = (Date.parse(minted.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThan(30.1);

    const p = await authenticate(bearer(minted.token), database.db);
    expect(p).toMatchObject({ tenant, roles: ["FEED"], airports: ["CDG", "ORY"], sub: minted.sub, jti: minted.jti, kind: "service" });

    const list = await listServiceTokens({ ctx });
    expect(list.items.map((t) => t.jti)).toEqual([minted.jti]);
    expect(JSON.stringify(list)).not.toContain(minted.token);

    const audit = await listAudit({ ctx, input: { entity: "token", limit: 50 } });
    expect(audit.items).toHaveLength(1);
    expect(audit.items[0]).toMatchObject({ action: "mint", entityUrn: minted.urn, actor: ctx.principal.sub });
    expect(JSON.stringify(audit.items[0])).not.toContain(minted.token);
  });

  it("revokes by jti with a reason: the token then answers 401 and a second revoke is a 409", async () => {
    const tenant = uniqueTenant();
    const ctx = ctxFor(database.db, principal({ tenant, roles: ["ADMIN"] }));
    const minted = await mintServiceToken({ ctx, input: { name: "feed", airports: ["*"] } });
    const revoked = await revokeServiceToken({ ctx, input: { jti: minted.jti, reason: "leaked in a ticket" } });
    expect(revoked.status).toBe("REVOKED");
    expect(revoked.revokedBy).toBe(ctx.principal.sub);

    const err = await refusal(authenticate(bearer(minted.token), database.db));
    expect(err.status).toBe(401);

    const again = await refusal(revokeServiceToken({ ctx, input: { jti: minted.jti, reason: "twice" } }));
    expect(again.status).toBe(409);

    const audit = await listAudit({ ctx, input: { entity: "token", action: "revoke", limit: 50 } });
    expect(audit.items).toHaveLength(1);
    expect(audit.items[0].reason).toBe("leaked in a ticket");
    expect(audit.items[0].changes.map((c) => c.field)).toEqual(["revokedAt"]);
  });

  it("requires a reason to revoke and changes nothing without one", async () => {
    const tenant = uniqueTenant();
    const ctx = ctxFor(database.db, principal({ tenant, roles: ["ADMIN"] }));
    const minted = await mintServiceToken({ ctx, input: { name: "feed", airports: ["CDG"] } });
    await expect(revokeServiceToken({ ctx, input: { jti: minted.jti, reason: "   " } })).rejects.toThrow();
    const [row] = await database.db.select().from(serviceTokens).where(eq(serviceTokens.jti, minted.jti));
    expect(row.revokedAt).toBeNull();
  });

  it("refuses every role but ADMIN, and writes nothing", async () => {
    const tenant = uniqueTenant();
    for (const role of ["OPS_SUPERVISOR", "AIRPORT_OPERATOR", "FEED"] as const) {
      const ctx = ctxFor(database.db, principal({ tenant, roles: [role] }));
      expect((await refusal(mintServiceToken({ ctx, input: { name: "x", airports: ["CDG"] } }))).status).toBe(403);
      expect((await refusal(listServiceTokens({ ctx }))).status).toBe(403);
      expect((await refusal(revokeServiceToken({ ctx, input: { jti: "x", reason: "r" } }))).status).toBe(403);
    }
    expect(await database.db.select().from(serviceTokens).where(eq(serviceTokens.tenant, tenant))).toHaveLength(0);
    expect(await database.db.select().from(auditEntries).where(eq(auditEntries.tenant, tenant))).toHaveLength(0);
  });

  it("hides another tenant's tokens: not listed, and revoking one is a 404", async () => {
    const mine = ctxFor(database.db, principal({ tenant: uniqueTenant(), roles: ["ADMIN"] }));
    const theirs = ctxFor(database.db, principal({ tenant: uniqueTenant(), roles: ["ADMIN"] }));
    const minted = await mintServiceToken({ ctx: theirs, input: { name: "feed", airports: ["*"] } });
    expect((await listServiceTokens({ ctx: mine })).items).toHaveLength(0);
    const err = await refusal(revokeServiceToken({ ctx: mine, input: { jti: minted.jti, reason: "not mine" } }));
    expect(err.status).toBe(404);
  });

  it("refuses airports outside the admin's own scope, bad codes and bad lifetimes with 422", async () => {
    const tenant = uniqueTenant();
    const scoped = ctxFor(database.db, principal({ tenant, roles: ["ADMIN"], airports: ["CDG"] }));
    const outside = await refusal(mintServiceToken({ ctx: scoped, input: { name: "feed", airports: ["LHR"] } }));
    expect(outside).toMatchObject({ status: 422, code: "VALIDATION_FAILED" });
    expect((await refusal(mintServiceToken({ ctx: scoped, input: { name: "feed", airports: ["*"] } }))).status).toBe(422);

    const admin = ctxFor(database.db, principal({ tenant, roles: ["ADMIN"] }));
    await expect(mintServiceToken({ ctx: admin, input: { name: "feed", airports: ["PARIS"] } })).rejects.toThrow();
    await expect(mintServiceToken({ ctx: admin, input: { name: "feed", airports: ["CDG"], ttl: "10y" } })).rejects.toThrow();
    await expect(mintServiceToken({ ctx: admin, input: { name: "", airports: ["CDG"] } })).rejects.toThrow();
    expect(await database.db.select().from(serviceTokens).where(eq(serviceTokens.tenant, tenant))).toHaveLength(0);
  });
});
