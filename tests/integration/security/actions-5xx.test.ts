import { NextRequest } from "next/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { GET as passengerHandler } from "@/app/api/v1/passenger/[token]/route";
import { signInWithPassword, signInWithSso } from "@/app/sign-in/actions";
import { DomainError } from "@/lib/errors";
import { openPassengerLink } from "@/lib/passenger/link";
import { linkExpiry, signPassengerToken } from "@/lib/vouchers/link";
import { proxy } from "@/proxy";
import { apiTestDatabase, call } from "../../helpers/api";
import { roleToken } from "../../helpers/cases";
import { uniqueTenant } from "../../helpers/factories";
import { confirmedReservation } from "../../helpers/reservations";

/**
 * Issue 29, section 2, items 2–4: the console's server actions and the passenger page, which
 * answered 500. The API's items are in inputs-5xx.test.ts.
 */
const database = apiTestDatabase({ airports: true });

afterEach(() => {
  delete process.env.RATE_LIMIT_PER_MINUTE;
});

describe("2. the sign-in actions called with a body that is not their form", () => {
  // what Next hands a server action is the request body decoded: `[{},{}]` → ({}, {}), `[]` → (), `["x"]` → ("x")
  const bodies: unknown[][] = [[{}, {}], [], ["x"], [null, null], [{}, "x"], [{}, { get: 1 }]];

  it.each(bodies.map((b) => [JSON.stringify(b), b]))("password sign-in with %s: the form's own error, no exception", async (_, args) => {
    const answer = await (signInWithPassword as (...a: unknown[]) => Promise<unknown>)(...args);
    expect(answer).toEqual({ error: "Enter your e-mail and password." });
  });

  it.each(bodies.map((b) => [JSON.stringify(b), b]))("single sign-on with %s: nothing happens, no exception", async (_, args) => {
    await expect((signInWithSso as (...a: unknown[]) => Promise<unknown>)(...args.slice(1))).resolves.toBeUndefined();
    await expect((signInWithSso as (...a: unknown[]) => Promise<unknown>)(...args)).resolves.toBeUndefined();
  });
});

describe("3. a form posted to a console page from another site", () => {
  const multipart = (origin: string, extra: Record<string, string> = {}) => {
    const body = '--x\r\nContent-Disposition: form-data; name="$ACTION_ID_0123456789abcdef"\r\n\r\n\r\n--x\r\nContent-Disposition: form-data; name="reason"\r\n\r\nx\r\n--x--\r\n';
    return new NextRequest("http://console.test/cases", { method: "POST", body, headers: { "content-type": "multipart/form-data; boundary=x", origin, ...extra } });
  };

  it("is a plain 403 without a Next-Action header too (multipart with $ACTION_ID_…, url-encoded, any type)", async () => {
    const requests = [
      multipart("http://evil.com"),
      multipart("null"),
      new NextRequest("http://console.test/cases", { method: "POST", body: "$ACTION_ID_0123=", headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://evil.com" } }),
      new NextRequest("http://console.test/policies/new", { method: "POST", body: "x", headers: { "content-type": "text/plain", "sec-fetch-site": "cross-site" } }),
    ];
    for (const req of requests) {
      const res = await proxy(req);
      expect(res.status, req.headers.get("content-type") ?? "").toBe(403);
      expect(res.headers.get("content-type")).toBe("text/plain; charset=utf-8");
      expect(await res.text()).toMatch(/another site/);
    }
  });

  it("lets the console's own form through, and leaves the API to its own origin check", async () => {
    expect((await proxy(multipart("http://console.test"))).headers.get("x-middleware-next")).toBe("1");
    const api = new NextRequest("http://console.test/api/v1/cases", { method: "POST", body: "{}", headers: { "content-type": "application/json", origin: "http://evil.com" } });
    expect((await proxy(api)).headers.get("x-middleware-next")).toBe("1");
  });
});

describe("4. a passenger link past its rate limit", () => {
  it("is a 429 DomainError (the page's 'busy') even when another copy of the modules made the limiter", async () => {
    const tenant = uniqueTenant();
    const fx = await confirmedReservation(database.db, { token: await roleToken(tenant, "ADMIN"), tenant });
    const token = signPassengerToken(fx.reservationUrn, linkExpiry(new Date("2026-11-22T09:30:00Z")));
    process.env.RATE_LIMIT_PER_MINUTE = "2";
    // Next bundles lib/ once per layer (pages, route handlers, server actions); the limiter is one per
    // process (globalThis). A server action's copy makes it here, as when a console user acted first.
    vi.resetModules();
    const actionLayer = await import("@/lib/http/rate-limit");
    await actionLayer.checkRateLimit("made-by-the-action-layer");

    await openPassengerLink({ db: database.db }, token);
    await openPassengerLink({ db: database.db }, token);
    const refused = await openPassengerLink({ db: database.db }, token).catch((e: unknown) => e);
    // the page: `err instanceof DomainError` and 429 → "busy"; a foreign class was rethrown (500)
    expect(refused).toBeInstanceOf(DomainError);
    expect(refused).toMatchObject({ status: 429, code: "RATE_LIMITED" });
    const api = await call(passengerHandler, `/passenger/${token}`, { params: { token } });
    expect(api.status).toBe(429);
    expect(api.headers.get("content-type")).toBe("application/problem+json");
    expect(api.headers.get("retry-after")).toMatch(/^\d+$/);
  });
});
