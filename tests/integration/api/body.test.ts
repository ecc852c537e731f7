import { describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { POST as createPolicy } from "@/app/api/v1/policies/route";
import { call, tokenFor, apiTestDatabase } from "../../helpers/api";
import { uniqueTenant } from "../../helpers/factories";

const database = apiTestDatabase();


async function policyCount(tenant: string): Promise<number> {
  const r = (await database.db.execute(sql`select count(*)::int as n from policies where tenant = ${tenant}`)) as { rows: { n: number }[] };
  return Number(r.rows[0].n);
}

describe("request bodies", () => {
  it("415 for a body that is not JSON, 400 for broken JSON, 413 past 1 MiB, 422 for a bad shape — and nothing written", async () => {
    const tenant = uniqueTenant();
    const token = await tokenFor({ tenant, roles: ["OPS_SUPERVISOR"] });
    const wrongType = await call(createPolicy, "/policies", { token, rawBody: "name=x", headers: { "content-type": "application/x-www-form-urlencoded" }, method: "POST" });
    expect([wrongType.status, wrongType.json.code]).toEqual([415, "UNSUPPORTED_MEDIA_TYPE"]);
    const broken = await call(createPolicy, "/policies", { token, rawBody: '{"name": ', headers: { "content-type": "application/json" }, method: "POST" });
    expect([broken.status, broken.json.code]).toEqual([400, "MALFORMED_BODY"]);
    const huge = await call(createPolicy, "/policies", {
      token,
      rawBody: JSON.stringify({ name: "x".repeat(1024 * 1024 + 10) }),
      headers: { "content-type": "application/json" },
      method: "POST",
    });
    expect([huge.status, huge.json.code]).toEqual([413, "TOO_LARGE"]);
    const bad = await call(createPolicy, "/policies", { token, body: { name: 42, tiers: ["GOLD"] } });
    expect([bad.status, bad.json.code]).toEqual([422, "VALIDATION_FAILED"]);
    expect(bad.json.errors.length).toBeGreaterThan(0);
    expect(bad.json.errors[0]).toHaveProperty("path");
    expect(await policyCount(tenant)).toBe(0);
  });

  it("a body cut off by the client closing the connection is a 400, not a 500, and writes nothing", async () => {
    const tenant = uniqueTenant();
    const token = await tokenFor({ tenant, roles: ["OPS_SUPERVISOR"] });
    let sent = false;
    const cutOff = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent) return controller.error(new Error("aborted"));
        sent = true;
        controller.enqueue(new TextEncoder().encode('{"name": "half'));
      },
    });
    const res = await call(createPolicy, "/policies", { token, rawBody: cutOff, headers: { "content-type": "application/json" }, method: "POST" });
    expect([res.status, res.json.code]).toEqual([400, "MALFORMED_BODY"]);
    expect(res.json.detail).toMatch(/cut off/);
    expect(await policyCount(tenant)).toBe(0);
  });

  it("a JSON array or scalar body is a 422, never a 500", async () => {
    const token = await tokenFor({ tenant: uniqueTenant(), roles: ["ADMIN"] });
    for (const raw of ["[]", "null", "42", '"text"']) {
      const res = await call(createPolicy, "/policies", { token, rawBody: raw, headers: { "content-type": "application/json" }, method: "POST" });
      expect(res.status, raw).toBe(422);
    }
  });
});
