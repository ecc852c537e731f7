import { NextRequest } from "next/server";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { directContracts, hotels } from "@/db/schema";
import { authenticate } from "@/lib/auth/authenticate";
import { resetSessionCache } from "@/lib/auth/console-sessions";
import { sessionCtx } from "@/lib/console/session-ctx";
import { newUrn } from "@/lib/ids";
import { proxy } from "@/proxy";
import { apiTestDatabase, tokenFor } from "@/tests/helpers/api";
import { uniqueTenant } from "@/tests/helpers/factories";
import { consoleCookie } from "@/tests/helpers/sessions";

/**
 * Issue 29 §1: a HOTEL principal's airports are its hotels' airports, never the `["*"]` its user
 * row or a token claims — for a bearer token, an API call with the console cookie and a console
 * page or action alike; and proxy.ts sends a HOTEL session to /extranet from every console path
 * before anything renders, so the 307 carries no page (it carried 50 audit entries).
 */

// Next's request headers, for sessionCtx(): there is no request outside `next start`
const request = vi.hoisted(() => ({ headers: new Headers() }));
vi.mock("next/headers", () => ({ headers: async () => request.headers, cookies: async () => ({ get: () => undefined, getAll: () => [] }) }));

const database = apiTestDatabase({ airports: true });
let tenant: string;
let cdgHotel: string;
let lhrHotel: string;

async function hotelAt(airport: string): Promise<string> {
  const urn = newUrn("hotel");
  await database.db.insert(hotels).values({ urn, name: `Hotel ${airport}`, address: "1 Airport Road", airport, latitude: 49, longitude: 2.5, stars: 3 });
  await database.db.insert(directContracts).values({ tenant, hotelUrn: urn, nightlyRate: 100, currency: "EUR", roomsTotal: 5, roomsAvailable: 5 });
  return urn;
}

beforeAll(async () => {
  tenant = uniqueTenant();
  cdgHotel = await hotelAt("CDG");
  lhrHotel = await hotelAt("LHR");
});

const hotelCookie = async (hotelUrns: string[]) => (await consoleCookie(database.db, { tenant, roles: ["HOTEL"], airports: ["*"], hotels: hotelUrns })).cookie;

describe("a HOTEL principal's airports are its hotels'", () => {
  it("from a bearer token claiming every airport", async () => {
    const token = await tokenFor({ tenant, roles: ["HOTEL"], airports: ["*"], hotels: [cdgHotel] });
    const p = await authenticate(new Request("http://localhost/api/v1/audit", { headers: { authorization: `Bearer ${token}` } }), database.db);
    expect(p.airports).toEqual(["CDG"]);
  });

  it("from the console cookie on the API, for two hotels; none for a hotel that does not exist", async () => {
    const two = await authenticate(new Request("http://localhost/api/v1/audit", { headers: { cookie: await hotelCookie([lhrHotel, cdgHotel]) } }), database.db);
    expect(two.airports).toEqual(["CDG", "LHR"]);
    const none = await authenticate(new Request("http://localhost/api/v1/audit", { headers: { cookie: await hotelCookie([newUrn("hotel")]) } }), database.db);
    expect(none.airports).toEqual([]);
  });

  it("in a console page's or server action's context; staff keep their claims", async () => {
    resetSessionCache();
    request.headers = new Headers({ host: "console.test", cookie: await hotelCookie([cdgHotel]) });
    expect((await sessionCtx()).principal).toMatchObject({ roles: ["HOTEL"], airports: ["CDG"], hotels: [cdgHotel] });
    request.headers = new Headers({ host: "console.test", cookie: (await consoleCookie(database.db, { tenant, roles: ["OPS_SUPERVISOR"], airports: ["*"] })).cookie });
    expect((await sessionCtx()).principal.airports).toEqual(["*"]);
  });
});

describe("proxy.ts sends a HOTEL session to the extranet before a console page renders", () => {
  const get = async (path: string, cookie: string, init: { method?: string; headers?: Record<string, string> } = {}) =>
    proxy(new NextRequest(`http://console.test${path}`, { method: init.method ?? "GET", headers: { cookie, ...init.headers } }));

  it("every console path, page or server action, is a bodiless 307 to /extranet", async () => {
    const cookie = await hotelCookie([cdgHotel]);
    for (const path of ["/audit", "/audit?refused=include", "/cases", "/", "/admin/users", "/board", "/a-page-added-later"]) {
      const res = await get(path, cookie);
      expect(res.status, path).toBe(307);
      expect(res.headers.get("location"), path).toMatch(/^https?:\/\/[^/]+\/extranet$/);
      expect(await res.text(), path).toBe("");
    }
    const action = await get("/audit", cookie, { method: "POST", headers: { "next-action": "abc", origin: "http://console.test" } });
    expect([action.status, await action.text()]).toEqual([307, ""]);
  });

  it("lets the hotel user through to the extranet, the API, sign-in and passenger links; staff and strangers everywhere", async () => {
    const cookie = await hotelCookie([cdgHotel]);
    for (const path of ["/extranet", "/extranet?date=2026-11-21", "/api/v1/audit", "/api/auth/session", "/sign-in", "/v/some-token"]) {
      expect((await get(path, cookie)).headers.get("x-middleware-next"), path).toBe("1");
    }
    const staff = (await consoleCookie(database.db, { tenant, roles: ["OPS_SUPERVISOR"], airports: ["*"] })).cookie;
    expect((await get("/audit", staff)).headers.get("x-middleware-next")).toBe("1");
    // a cookie that does not decode is no session here: the page's own check sends it to sign-in
    expect((await get("/audit", "authjs.session-token=forged")).headers.get("x-middleware-next")).toBe("1");
  });
});
