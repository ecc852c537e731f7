import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { GET, PATCH } from "@/app/api/v1/settings/route";
import { auditEntries, tenants } from "@/db/schema";
import { openSecret } from "@/lib/tenants/secret-box";
import { apiTestDatabase, call } from "@/tests/helpers/api";
import { roleToken } from "@/tests/helpers/cases";
import { uniqueTenant } from "@/tests/helpers/factories";

const database = apiTestDatabase();
const SECRET = "s3cret-signing-key-for-pages";

const patch = (token: string, body: unknown) => call(PATCH, "/settings", { token, body, method: "PATCH" });
const read = (token: string) => call(GET, "/settings", { token });

describe("tenant settings: GET /settings, PATCH /settings", () => {
  const tenant = uniqueTenant();
  let admin: string;
  beforeAll(async () => {
    admin = await roleToken(tenant, "ADMIN");
  });

  it("answers the defaults for a tenant nobody configured, to every role but FEED", async () => {
    for (const role of ["ADMIN", "OPS_SUPERVISOR", "AIRPORT_OPERATOR"] as const) {
      const res = await read(await roleToken(tenant, role, role === "AIRPORT_OPERATOR" ? ["CDG"] : ["*"]));
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({ tenant, slaMinutes: { HIGH: 15, MEDIUM: 60, LOW: 240 }, alerting: null, agentEnabled: false, currencyOverrides: {}, timeZone: null });
    }
    expect((await read(await roleToken(tenant, "FEED"))).status).toBe(403);
  });

  it("an ADMIN changes them; the secret is stored sealed, never answered, and masked in the audit", async () => {
    const res = await patch(admin, {
      slaMinutes: { HIGH: 10 },
      alerting: { url: "https://pager.example.com/hook", secret: SECRET },
      agentEnabled: true,
      currencyOverrides: { CDG: "usd" },
      timeZone: "Europe/Paris",
      reason: "on-call pager wired",
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      slaMinutes: { HIGH: 10, MEDIUM: 60, LOW: 240 },
      alerting: { kind: "WEBHOOK", url: "https://pager.example.com/hook", secretSet: true },
      agentEnabled: true,
      currencyOverrides: { CDG: "USD" },
      timeZone: "Europe/Paris",
    });
    expect(res.text).not.toContain(SECRET);
    expect((await read(admin)).text).not.toContain(SECRET);

    const [row] = await database.db.select().from(tenants).where(eq(tenants.code, tenant));
    const stored = JSON.stringify(row.settings);
    expect(stored).not.toContain(SECRET);
    expect(openSecret((row.settings.alerting as { sealedSecret: string }).sealedSecret)).toBe(SECRET);

    const [audit] = await database.db.select().from(auditEntries).where(and(eq(auditEntries.tenant, tenant), eq(auditEntries.action, "update-settings")));
    expect(audit.reason).toBe("on-call pager wired");
    expect(JSON.stringify(audit.changes)).not.toContain(SECRET);
    expect(audit.changes).toEqual(expect.arrayContaining([expect.objectContaining({ field: "slaMinutes.HIGH", before: 15, after: 10 })]));

    // a later change of the URL alone keeps the secret
    const moved = await patch(admin, { alerting: { url: "https://pager2.example.com/hook" } });
    expect(moved.json.alerting).toEqual({ kind: "WEBHOOK", url: "https://pager2.example.com/hook", secretSet: true });
    const [after] = await database.db.select().from(tenants).where(eq(tenants.code, tenant));
    expect(openSecret((after.settings.alerting as { sealedSecret: string }).sealedSecret)).toBe(SECRET);
  });

  it("refuses what is not a setting with a 422 and changes nothing", async () => {
    const other = uniqueTenant();
    const token = await roleToken(other, "ADMIN");
    const bad = [
      { slaMinutes: { HIGH: 0 } },
      { slaMinutes: { URGENT: 5 } },
      { alerting: { url: "ftp://pager.example.com" , secret: SECRET } },
      { alerting: { url: "https://user:pw@pager.example.com", secret: SECRET } },
      { alerting: { url: "https://pager.example.com" } }, // no secret set yet
      { alerting: { url: "https://pager.example.com", secret: "short" } },
      { currencyOverrides: { CDG: "EURO" } },
      { timeZone: "Mars/Olympus" },
      { agentEnabled: "yes" },
      { somethingElse: 1 },
    ];
    for (const body of bad) {
      const res = await patch(token, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.headers.get("content-type")).toContain("application/problem+json");
    }
    expect((await read(token)).json).toMatchObject({ slaMinutes: { HIGH: 15 }, alerting: null, agentEnabled: false });
    expect(await database.db.select().from(auditEntries).where(and(eq(auditEntries.tenant, other), eq(auditEntries.action, "update-settings")))).toHaveLength(0);
  });

  it("only an ADMIN writes (403 for the others, audited); a tenant only ever sees its own", async () => {
    for (const role of ["OPS_SUPERVISOR", "AIRPORT_OPERATOR", "FEED"] as const) {
      const res = await patch(await roleToken(tenant, role), { agentEnabled: false });
      expect(res.status).toBe(403);
    }
    expect((await read(admin)).json.agentEnabled).toBe(true);
    const stranger = await read(await roleToken(uniqueTenant(), "ADMIN"));
    expect(stranger.json).toMatchObject({ alerting: null, agentEnabled: false });
  });
});
