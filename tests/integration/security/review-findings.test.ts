// Issue 29, section 3: the smaller things a security review flagged (the ride vouchers' are in tests/integration/rides/review-findings.test.ts)
import { eq, sql } from "drizzle-orm";
import { NextRequest } from "next/server";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { GET as authGet, POST as authPost } from "@/app/api/auth/[...nextauth]/route";
import { POST as createCaseRoute } from "@/app/api/v1/cases/route";
import { GET as statusHandler } from "@/app/api/v1/passenger/[token]/route";
import { POST as inboundHandler } from "@/app/api/v1/sms/inbound/route";
import { PATCH as updateUser } from "@/app/api/v1/users/[userUrn]/route";
import { POST as createUser } from "@/app/api/v1/users/route";
import { GET as voucherRoute } from "@/app/v/[token]/voucher/route";
import { reservations, users } from "@/db/schema";
import { hashPassword } from "@/lib/auth/password";
import { systemPrincipal } from "@/lib/auth/principal";
import { transaction } from "@/lib/context";
import { PEER_HEADER } from "@/lib/http/client-address";
import { newUrn } from "@/lib/ids";
import { startSmsSandbox } from "@/lib/sms/sandbox";
import { smsSignature } from "@/lib/sms/signature";
import { createVoucher } from "@/lib/vouchers/create";
import { publicBaseUrl } from "@/lib/http/public-url";
import { linkExpiry, signPassengerToken } from "@/lib/vouchers/link";
import { proxy } from "@/proxy";
import { apiTestDatabase, call } from "../../helpers/api";
import { casePayload, roleToken } from "../../helpers/cases";
import { uniqueTenant } from "../../helpers/factories";
import { confirmedReservation } from "../../helpers/reservations";
import { consoleCookie } from "../../helpers/sessions";

const database = apiTestDatabase({ airports: true });
const tenant = uniqueTenant();
let admin: string;
const saved = { ...process.env };
const ENV = ["RATE_LIMIT_PER_MINUTE", "TRUSTED_PROXIES", "PUBLIC_URL", "SMS_URL", "SMS_KEY", "SMS_FROM"];

beforeAll(async () => {
  admin = await roleToken(tenant, "ADMIN");
});
afterEach(() => {
  for (const k of ENV) {
    if (saved[k] === undefined) delete process.env[k];
    else process.env[k] = saved[k];
  }
});

/** A CONFIRMED stay with its voucher issued, and its passenger link. */
async function linked() {
  const fx = await confirmedReservation(database.db, { token: admin, tenant });
  await transaction({ db: database.db, principal: systemPrincipal(tenant, "test") }, (tx) => createVoucher(tx, fx.reservationUrn));
  const [r] = await database.db.select().from(reservations).where(eq(reservations.urn, fx.reservationUrn));
  return signPassengerToken(r.urn, linkExpiry(r.checkOut));
}
const voucher = (token: string) => voucherRoute(new Request(`http://localhost/v/${token}/voucher`), { params: Promise.resolve({ token }) });
const status = (token: string) => call(statusHandler, `/passenger/${token}`, { params: { token } });

describe("/v/{token}/voucher counts against the link's rate limit", () => {
  it("past the limit a 429 page with Retry-After that shows nothing of the stay; the link's API and its voucher share one count", async () => {
    const token = await linked();
    process.env.RATE_LIMIT_PER_MINUTE = "3";
    const first = await voucher(token);
    expect(first.status).toBe(200);
    expect((await status(token)).status).toBe(200);
    expect((await voucher(token)).status).toBe(200);
    const refused = await voucher(token);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(refused.headers.get("cache-control")).toContain("no-store");
    const html = await refused.text();
    expect(html).toMatch(/Too many requests/);
    expect(html).not.toContain("HB-778812");
    expect((await status(token)).status).toBe(429);
  });
});

describe("the same-origin check believes X-Forwarded-Host only from TRUSTED_PROXIES", () => {
  const cases = async () => Number(((await database.db.execute(sql`select count(*)::int as n from cases`)) as { rows: { n: number }[] }).rows[0].n);

  it("a cookie-carrying POST from evil.com that says X-Forwarded-Host: evil.com is 403, nothing written", async () => {
    const { cookie } = await consoleCookie(database.db, { tenant, roles: ["OPS_SUPERVISOR"] });
    const before = await cases();
    for (const peer of [null, "203.0.113.9"]) {
      const headers: Record<string, string> = { cookie, origin: "http://evil.com", "x-forwarded-host": "evil.com", ...(peer ? { [PEER_HEADER]: peer } : {}) };
      const res = await call(createCaseRoute, "/cases", { body: casePayload(), headers });
      expect(res.status, String(peer)).toBe(403);
      expect(res.json.code).toBe("FORBIDDEN");
    }
    expect(await cases()).toBe(before);
  });

  it("a server action posted from evil.com that says X-Forwarded-Host: evil.com is refused by the proxy (Next's own check believes that header)", async () => {
    const res = await proxy(new NextRequest("http://console.test/cases", { method: "POST", headers: { "next-action": "abc", origin: "http://evil.com", "x-forwarded-host": "evil.com" } }));
    expect(res.status).toBe(403);
    expect(await res.text()).toMatch(/another site/);
  });

  it("a trusted proxy's X-Forwarded-Host names the console: its own origin is accepted", async () => {
    process.env.TRUSTED_PROXIES = "10.0.0.0/8";
    const { cookie } = await consoleCookie(database.db, { tenant, roles: ["OPS_SUPERVISOR"] });
    const headers = { cookie, origin: "https://ops.example.test", "x-forwarded-host": "ops.example.test", [PEER_HEADER]: "10.1.2.3" };
    const res = await call(createCaseRoute, "/cases", { body: casePayload(), headers });
    expect(res.status, res.text).toBe(201);
  });
});

describe("the SMS sandbox's key is this installation's own", () => {
  it("a STOP signed with the key that used to be a constant of the source is 401; the sandbox's own key is accepted", async () => {
    const sms = await startSmsSandbox({ stepMs: 10 });
    try {
      // as lib/sms/boot-sandbox.ts configures it
      Object.assign(process.env, { SMS_URL: sms.accountUrl, SMS_KEY: sms.authToken, SMS_FROM: "+15005550006" });
      expect(sms.authToken).not.toBe("sms_sandbox_key");
      const params = { From: "+33600000001", To: "+15005550006", Body: "STOP", OptOutType: "STOP", MessageSid: "SMforged" };
      const url = `${publicBaseUrl()}/api/v1/sms/inbound`;
      const post = (key: string) =>
        call(inboundHandler, "/sms/inbound", { rawBody: new URLSearchParams(params).toString(), headers: { "content-type": "application/x-www-form-urlencoded", "x-twilio-signature": smsSignature(key, url, params) } });
      expect((await post("sms_sandbox_key")).status).toBe(401);
      expect((await post(sms.authToken)).status).toBeLessThan(300);
    } finally {
      await sms.stop();
    }
  });
});

describe("GET /api/v1/passenger/{token} is never cached", () => {
  it("answers Cache-Control: no-store, refusals included", async () => {
    const token = await linked();
    const res = await status(token);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const forged = await status("garbage");
    expect(forged.status).toBe(404);
    expect(forged.headers.get("cache-control")).toBe("no-store");
  });
});

describe("next-auth's credentials endpoint redirects on the public origin, not the bind address", () => {
  const BIND = "http://0.0.0.0:4123";
  async function signIn(callbackUrl: string | null) {
    const email = `u-${newUrn("user").slice(-12)}@redirect.test`;
    await database.db.insert(users).values({ urn: newUrn("user"), tenant, email, name: "U", passwordHash: await hashPassword("a long password"), roles: ["ADMIN"], airports: ["*"] });
    const csrf = await authGet(new NextRequest(`${BIND}/api/auth/csrf`));
    const { csrfToken } = await csrf.json();
    const cookie = csrf.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
    const form = new URLSearchParams({ csrfToken, email, password: "a long password", ...(callbackUrl ? { callbackUrl } : {}) });
    return authPost(new NextRequest(`${BIND}/api/auth/callback/credentials`, { method: "POST", body: form, headers: { cookie, "content-type": "application/x-www-form-urlencoded", host: "0.0.0.0:4123" } }));
  }

  it("without PUBLIC_URL: a path the browser resolves against the address it used; with it: PUBLIC_URL's origin", async () => {
    delete process.env.PUBLIC_URL;
    for (const callbackUrl of ["/cases", `${BIND}/cases`, null]) {
      const res = await signIn(callbackUrl);
      expect(res.status, String(callbackUrl)).toBe(302);
      const location = res.headers.get("location")!;
      expect(location, String(callbackUrl)).not.toContain("0.0.0.0");
      expect(location).toMatch(/^\//);
      // the session cookie survives the rewrite
      expect(res.headers.getSetCookie().some((c) => c.startsWith("authjs.session-token="))).toBe(true);
    }
    process.env.PUBLIC_URL = "https://ops.example.test";
    const res = await signIn("/cases?status=OPEN");
    expect(res.headers.get("location")).toBe("https://ops.example.test/cases?status=OPEN");
  });
});

describe("user names refuse bidi overrides and other control or format characters", () => {
  let n = 0;
  const body = (name: string) => ({ email: `names-${++n}@example.test`, name, roles: ["AIRPORT_OPERATOR"], airports: ["CDG"], password: "a long password" });

  it("on create and on edit: 422 naming `name`, nothing written; ZWNJ in a Persian name stays allowed", async () => {
    const before = (await database.db.select().from(users)).length;
    for (const name of ["Ann\u202Egpj.exe", "Ann\u2066x", "Ann\u200Fx", "Ann\u0007", "Ann\nAdmin", "Ann\u200Bx", "Ann\u00ADx", "An\uFEFFn"]) {
      const res = await call(createUser, "/users", { token: admin, body: body(name) });
      expect(res.status, JSON.stringify(name)).toBe(422);
      expect(res.headers.get("content-type")).toBe("application/problem+json");
      expect(res.json.errors.map((e: { path: string }) => e.path)).toContain("name");
    }
    expect((await database.db.select().from(users)).length).toBe(before);
    const ok = await call(createUser, "/users", { token: admin, body: body("مهرداد\u200Cزاده") });
    expect(ok.status, ok.text).toBe(201);
    const edit = await call(updateUser, `/users/${ok.json.urn}`, { token: admin, method: "PATCH", params: { userUrn: ok.json.urn }, body: { name: "Eve\u202Enimda" } });
    expect(edit.status).toBe(422);
    const [row] = await database.db.select().from(users).where(eq(users.urn, ok.json.urn));
    expect(row.name).toBe("مهرداد\u200Cزاده");
  });
});
