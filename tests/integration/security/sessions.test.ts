import { and, eq } from "drizzle-orm";
import { NextRequest } from "next/server";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { GET as listAudit } from "@/app/api/v1/audit/route";
import { POST as endSessions } from "@/app/api/v1/users/[userUrn]/sign-out/route";
import { auditEntries, consoleSessions, users } from "@/db/schema";
import { resetSessionCache } from "@/lib/auth/console-sessions";
import { handlers } from "@/lib/auth/next-auth";
import { hashPassword } from "@/lib/auth/password";
import { resetSignInThrottle } from "@/lib/auth/sign-in-throttle";
import { PEER_HEADER } from "@/lib/http/client-address";
import { newUrn } from "@/lib/ids";
import { apiTestDatabase, call, tokenFor } from "../../helpers/api";
import { uniqueTenant } from "../../helpers/factories";
import { consoleCookie } from "../../helpers/sessions";

const database = apiTestDatabase();
const ORIGIN = "http://console.test";

/** A browser's cookie jar, enough for next-auth's CSRF and session cookies. */
class Jar {
  cookies = new Map<string, string>();
  take(res: Response) {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(";");
      const at = pair.indexOf("=");
      const value = pair.slice(at + 1);
      if (value === "" || /max-age=0|expires=thu, 01 jan 1970/i.test(c)) this.cookies.delete(pair.slice(0, at));
      else this.cookies.set(pair.slice(0, at), value);
    }
  }
  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }
  session() {
    return [...this.cookies].find(([k]) => k.endsWith("authjs.session-token"));
  }
}

/** next-auth's own endpoints, in-process: GET/POST /api/auth/<path>, from the TCP peer `peer`. */
async function auth(jar: Jar, method: "GET" | "POST", path: string, o: { form?: Record<string, string>; headers?: Record<string, string>; peer?: string } = {}) {
  const headers = new Headers({ cookie: jar.header(), [PEER_HEADER]: o.peer ?? "198.51.100.20", ...o.headers });
  if (o.form) headers.set("content-type", "application/x-www-form-urlencoded");
  const req = new NextRequest(`${ORIGIN}/api/auth/${path}`, { method, headers, body: o.form ? new URLSearchParams(o.form).toString() : undefined });
  const res = await handlers[method](req);
  jar.take(res);
  return res;
}

async function signIn(jar: Jar, email: string, password: string, o: { headers?: Record<string, string>; peer?: string } = {}) {
  const csrf = (await (await auth(jar, "GET", "csrf", o)).json()) as { csrfToken: string };
  return auth(jar, "POST", "callback/credentials", { ...o, form: { email, password, csrfToken: csrf.csrfToken, callbackUrl: `${ORIGIN}/cases` } });
}

async function signOut(jar: Jar) {
  const csrf = (await (await auth(jar, "GET", "csrf")).json()) as { csrfToken: string };
  return auth(jar, "POST", "signout", { form: { csrfToken: csrf.csrfToken, callbackUrl: `${ORIGIN}/sign-in` } });
}

/** The API with a console cookie, as the console's own fetches send it. */
const apiWith = (cookie: string) => call(listAudit, "/audit", { headers: { cookie } });

async function user(tenant: string, airports = ["CDG"], shape: { roles?: string[]; hotels?: string[] } = {}) {
  const email = `u-${newUrn("user").slice(-12)}@sessions.test`;
  const urn = newUrn("user");
  await database.db.insert(users).values({ urn, tenant, email, name: "Ana Silva", passwordHash: await hashPassword("right-password"), roles: shape.roles ?? ["OPS_SUPERVISOR"], airports, hotels: shape.hotels ?? [] });
  return { urn, email };
}

beforeEach(() => {
  resetSignInThrottle();
  resetSessionCache();
});
afterEach(() => {
  delete process.env.PUBLIC_URL;
  delete process.env.TRUSTED_PROXIES;
});

describe("sign-out ends the session on the server", () => {
  it("a session cookie replayed after sign-out gets 401 on the API and no session in the console", async () => {
    const tenant = uniqueTenant();
    const u = await user(tenant);
    const jar = new Jar();
    const res = await signIn(jar, u.email, "right-password");
    expect(res.status).toBe(302);
    const [name, value] = jar.session()!;
    const stolen = `${name}=${value}`;
    expect((await apiWith(stolen)).status).toBe(200);
    const session = await (await auth(jar, "GET", "session")).json();
    expect(session.user.sub).toBe(u.urn);

    await signOut(jar);
    expect(jar.session()).toBeUndefined();

    const replay = await apiWith(stolen);
    expect(replay.status).toBe(401);
    expect(replay.json.code).toBe("UNAUTHENTICATED");
    const replayJar = new Jar();
    replayJar.cookies.set(name, value);
    expect(await (await auth(replayJar, "GET", "session")).json()).toBeNull();
    // and in a process that did not see the sign-out, once its cache is gone
    resetSessionCache();
    expect((await apiWith(stolen)).status).toBe(401);
    const [row] = await database.db.select().from(consoleSessions).where(eq(consoleSessions.sub, u.urn));
    expect(row.revokedAt).toBeInstanceOf(Date);
  });

  it("a cookie with no recorded session (a forged one, or one minted before sessions were recorded) is refused", async () => {
    const tenant = uniqueTenant();
    expect((await apiWith((await consoleCookie(database.db, { tenant, sid: null })).cookie)).status).toBe(401);
    expect((await apiWith((await consoleCookie(database.db, { tenant, sid: "0195f0c8-7a1e-7c2d-9a55-3b2f4a1c9d10" })).cookie)).status).toBe(401);
    expect((await apiWith((await consoleCookie(database.db, { tenant })).cookie)).status).toBe(200);
  });

  it("a session expires 12 hours after sign-in whatever its cookie says", async () => {
    const tenant = uniqueTenant();
    const c = await consoleCookie(database.db, { tenant });
    await database.db.update(consoleSessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(consoleSessions.sid, c.sid));
    resetSessionCache();
    expect((await apiWith(c.cookie)).status).toBe(401);
  });
});

describe("the HOTEL-alone rule holds for console sessions as for tokens", () => {
  const HOTEL = "urn:svc:hotel:0195f0c8-7a1e-7c2d-9a55-3b2f4a1c9d11";

  it("a user holding HOTEL with another role, or HOTEL without hotels, signs in to no session (AccessDenied) and no session is recorded", async () => {
    const tenant = uniqueTenant();
    for (const shape of [{ roles: ["HOTEL", "ADMIN"], hotels: [HOTEL] }, { roles: ["HOTEL"], hotels: [] }, { roles: ["OPS_SUPERVISOR"], hotels: [HOTEL] }]) {
      const u = await user(tenant, ["*"], shape);
      const jar = new Jar();
      const res = await signIn(jar, u.email, "right-password");
      expect(res.headers.get("location"), JSON.stringify(shape)).toContain("error=AccessDenied");
      expect(jar.session(), JSON.stringify(shape)).toBeUndefined();
      expect(await (await auth(jar, "GET", "session")).json()).toBeNull();
      expect(await database.db.select().from(consoleSessions).where(eq(consoleSessions.sub, u.urn))).toEqual([]);
    }
    // the well-formed hotel user signs in
    const ok = await user(tenant, ["*"], { roles: ["HOTEL"], hotels: [HOTEL] });
    const jar = new Jar();
    await signIn(jar, ok.email, "right-password");
    expect((await (await auth(jar, "GET", "session")).json()).user).toMatchObject({ sub: ok.urn, roles: ["HOTEL"], hotels: [HOTEL] });
  });

  it("a recorded session whose cookie holds HOTEL with ADMIN is no session in the console and 401 on the API", async () => {
    const tenant = uniqueTenant();
    const broken = await consoleCookie(database.db, { tenant, roles: ["HOTEL", "ADMIN"], hotels: [HOTEL] });
    const jar = new Jar();
    const [name, value] = broken.cookie.split(/=(.*)/s);
    jar.cookies.set(name, value);
    expect(await (await auth(jar, "GET", "session")).json()).toBeNull();
    expect((await apiWith(broken.cookie)).status).toBe(401);
    const fine = await consoleCookie(database.db, { tenant, roles: ["HOTEL"], hotels: [HOTEL] });
    const fineJar = new Jar();
    const [n2, v2] = fine.cookie.split(/=(.*)/s);
    fineJar.cookies.set(n2, v2);
    expect((await (await auth(fineJar, "GET", "session")).json()).user).toMatchObject({ roles: ["HOTEL"], hotels: [HOTEL] });
  });
});

describe("POST /users/{userUrn}/sign-out: an ADMIN ends another user's sessions", () => {
  it("ends every live session of the user at once, audited; other users keep theirs", async () => {
    const tenant = uniqueTenant();
    const u = await user(tenant);
    const a = await consoleCookie(database.db, { tenant, sub: u.urn });
    const b = await consoleCookie(database.db, { tenant, sub: u.urn });
    const other = await consoleCookie(database.db, { tenant });
    for (const c of [a, b, other]) expect((await apiWith(c.cookie)).status).toBe(200);

    const admin = await tokenFor({ tenant, roles: ["ADMIN"], airports: ["CDG", "ORY"] });
    const res = await call(endSessions, `/users/${u.urn}/sign-out`, { token: admin, params: { userUrn: u.urn }, body: { reason: "laptop stolen" } });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ userUrn: u.urn, sessionsEnded: 2 });
    expect((await apiWith(a.cookie)).status).toBe(401);
    expect((await apiWith(b.cookie)).status).toBe(401);
    expect((await apiWith(other.cookie)).status).toBe(200);
    const [entry] = await database.db.select().from(auditEntries).where(and(eq(auditEntries.entityUrn, u.urn), eq(auditEntries.action, "end-sessions")));
    expect(entry.reason).toBe("laptop stolen");

    const again = await call(endSessions, `/users/${u.urn}/sign-out`, { token: admin, params: { userUrn: u.urn }, body: { reason: "again" } });
    expect(again.json.sessionsEnded).toBe(0);
  });

  it("refuses a missing reason (422), a user outside the ADMIN's airports (403 OUT_OF_SCOPE), another tenant's user (404), a supervisor (403)", async () => {
    const tenant = uniqueTenant();
    const u = await user(tenant, ["CDG"]);
    const c = await consoleCookie(database.db, { tenant, sub: u.urn });
    const path = `/users/${u.urn}/sign-out`;
    const as = async (token: string, body: unknown = { reason: "r" }) => call(endSessions, path, { token, params: { userUrn: u.urn }, body });
    expect((await as(await tokenFor({ tenant, roles: ["ADMIN"], airports: ["*"] }), {})).json.code).toBe("REASON_REQUIRED");
    const lhr = await as(await tokenFor({ tenant, roles: ["ADMIN"], airports: ["LHR"] }));
    expect([lhr.status, lhr.json.code]).toEqual([403, "OUT_OF_SCOPE"]);
    expect((await as(await tokenFor({ tenant: uniqueTenant(), roles: ["ADMIN"], airports: ["*"] }))).status).toBe(404);
    const ops = await as(await tokenFor({ tenant, roles: ["OPS_SUPERVISOR"], airports: ["*"] }));
    expect([ops.status, ops.json.code]).toEqual([403, "FORBIDDEN"]);
    expect((await apiWith(c.cookie)).status).toBe(200);
  });
});

describe("the session cookie's Secure flag", () => {
  const sessionSetCookie = (res: Response) => res.headers.getSetCookie().find((c) => /authjs\.session-token=/.test(c));

  it("plain HTTP with no trusted proxy: not Secure, even when the client claims X-Forwarded-Proto: https", async () => {
    const u = await user(uniqueTenant());
    const res = await signIn(new Jar(), u.email, "right-password", { headers: { "x-forwarded-proto": "https" }, peer: "203.0.113.9" });
    const cookie = sessionSetCookie(res)!;
    expect(cookie).toMatch(/^authjs\.session-token=/);
    expect(cookie).not.toMatch(/;\s*secure/i);
  });

  it("Secure and __Secure- named behind a TRUSTED_PROXIES proxy that says X-Forwarded-Proto: https", async () => {
    process.env.TRUSTED_PROXIES = "10.0.0.0/8";
    const u = await user(uniqueTenant());
    const jar = new Jar();
    const res = await signIn(jar, u.email, "right-password", { headers: { "x-forwarded-proto": "https", "x-forwarded-for": "203.0.113.9" }, peer: "10.1.2.3" });
    const cookie = sessionSetCookie(res)!;
    expect(cookie).toMatch(/^__Secure-authjs\.session-token=/);
    expect(cookie).toMatch(/;\s*secure/i);
    expect(cookie).toMatch(/;\s*httponly/i);
    // the API reads the __Secure- cookie back
    const [name, value] = jar.session()!;
    expect((await apiWith(`${name}=${value}`)).status).toBe(200);
  });

  it("Secure whenever PUBLIC_URL is https", async () => {
    process.env.PUBLIC_URL = "https://ops.example.com";
    const u = await user(uniqueTenant());
    const cookie = sessionSetCookie(await signIn(new Jar(), u.email, "right-password"))!;
    expect(cookie).toMatch(/^__Secure-authjs\.session-token=.*;\s*secure/i);
  });
});
