import { describe, expect, it } from "vitest";
import { GET } from "@/app/api/v1/audit/route";
import { writeAudit } from "@/lib/audit/write";
import { call, tokenFor, apiTestDatabase } from "../../helpers/api";
import { principal, uniqueTenant } from "../../helpers/factories";

const database = apiTestDatabase();


describe("GET /audit", () => {
  it("refuses a request without a token", async () => {
    const res = await call(GET, "/audit");
    expect(res.status).toBe(401);
    expect(res.headers.get("content-type")).toBe("application/problem+json");
    expect(res.json.code).toBe("UNAUTHENTICATED");
  });

  it("lists the tenant's entries with their diff, filtered by entity, urn and action", async () => {
    const tenant = uniqueTenant();
    const other = uniqueTenant();
    const p = principal({ tenant });
    const ctx = { db: database.db, principal: p };
    await writeAudit(ctx, { entity: "policy", entityUrn: "urn:svc:policy:x", action: "activate", reason: "go", before: { status: "DRAFT" }, after: { status: "ACTIVE" } });
    await writeAudit(ctx, { entity: "case", entityUrn: "urn:svc:case:y", action: "close", reason: "done" });
    await writeAudit({ db: database.db, principal: principal({ tenant: other }) }, { entity: "policy", entityUrn: "urn:svc:policy:z", action: "activate" });

    const token = await tokenFor({ tenant, roles: ["OPS_SUPERVISOR"] });
    const res = await call(GET, "/audit", { token, query: { entity: "policy" } });
    expect(res.status).toBe(200);
    expect(res.json.items).toHaveLength(1);
    expect(res.json.items[0]).toMatchObject({
      entityUrn: "urn:svc:policy:x",
      action: "activate",
      actor: p.sub,
      reason: "go",
      changes: [{ field: "status", before: "DRAFT", after: "ACTIVE" }],
    });
    const byAction = await call(GET, "/audit", { token, query: { action: "close" } });
    expect(byAction.json.items.map((e: { entityUrn: string }) => e.entityUrn)).toEqual(["urn:svc:case:y"]);
  });

  it("pages with a cursor and rejects a bad limit with 422", async () => {
    const tenant = uniqueTenant();
    const ctx = { db: database.db, principal: principal({ tenant }) };
    for (let i = 0; i < 5; i++) await writeAudit(ctx, { entity: "case", entityUrn: `urn:svc:case:${i}`, action: "touch" });
    const token = await tokenFor({ tenant, roles: ["ADMIN"] });
    const first = await call(GET, "/audit", { token, query: { limit: "3" } });
    expect(first.json.items).toHaveLength(3);
    const second = await call(GET, "/audit", { token, query: { limit: "3", cursor: first.json.nextCursor } });
    expect(second.json.items).toHaveLength(2);
    expect(second.json.nextCursor).toBeNull();
    const seen = [...first.json.items, ...second.json.items].map((e: { entityUrn: string }) => e.entityUrn);
    expect(new Set(seen).size).toBe(5);
    const bad = await call(GET, "/audit", { token, query: { limit: "0" } });
    expect(bad.status).toBe(422);
    expect(bad.json.code).toBe("VALIDATION_FAILED");
  });

  it("an entityUrn that percent-decodes to a NUL (?entityUrn=%00) is a 422 naming it, not a 500; an encoded URN still matches", async () => {
    const tenant = uniqueTenant();
    await writeAudit({ db: database.db, principal: principal({ tenant }) }, { entity: "case", entityUrn: "urn:svc:case:q", action: "close" });
    const token = await tokenFor({ tenant, roles: ["ADMIN"] });
    for (const entityUrn of ["%00", "urn%3Asvc%3Acase%3A%00"]) {
      const res = await call(GET, "/audit", { token, query: { entityUrn } });
      expect([res.status, res.json.code, res.json.errors[0].path], entityUrn).toEqual([422, "VALIDATION_FAILED", "entityUrn"]);
    }
    const encoded = await call(GET, "/audit", { token, query: { entityUrn: "urn%3Asvc%3Acase%3Aq" } });
    expect(encoded.json.items.map((e: { entityUrn: string }) => e.entityUrn)).toEqual(["urn:svc:case:q"]);
  });

  it("refuses the FEED role with 403 and audits the attempt", async () => {
    const tenant = uniqueTenant();
    const token = await tokenFor({ tenant, roles: ["FEED"] });
    const res = await call(GET, "/audit", { token });
    expect(res.status).toBe(403);
    expect(res.json.code).toBe("FORBIDDEN");
    const admin = await tokenFor({ tenant, roles: ["ADMIN"] });
    const log = await call(GET, "/audit", { token: admin, query: { action: "access-denied" } });
    expect(log.json.items).toHaveLength(1);
  });
});
