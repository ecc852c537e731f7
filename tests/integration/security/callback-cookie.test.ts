import { NextRequest } from "next/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { GET } from "@/app/api/auth/[...nextauth]/route";
import { publicCallbackCookie } from "@/lib/auth/public-redirects";
import { apiTestDatabase } from "../../helpers/api";

apiTestDatabase();
afterEach(() => vi.unstubAllEnvs());

/** The address `next start` is bound to, as a request's URL names it behind the proxy. */
const BIND = "http://0.0.0.0:3000";

async function callbackCookies(path: string): Promise<string[]> {
  const res = await GET(new NextRequest(`${BIND}/api/auth/${path}`, { headers: { host: "0.0.0.0:3000" } }));
  return res.headers.getSetCookie().filter((c) => /callback-url=/.test(c));
}

describe("next-auth's callback-URL cookie never names the server's bind address", () => {
  it("without PUBLIC_URL it holds a relative path", async () => {
    vi.stubEnv("PUBLIC_URL", "");
    for (const path of ["csrf", "session", "providers"]) {
      for (const c of await callbackCookies(path)) {
        expect(c).not.toMatch(/0\.0\.0\.0|3000/);
        expect(decodeURIComponent(c.split(";")[0].split("=")[1])).toBe("/");
      }
    }
    // next-auth sets it on its endpoints asked without a callbackUrl: the probe saw it on sign-in
    expect((await callbackCookies("csrf")).length).toBeGreaterThan(0);
  });

  it("with PUBLIC_URL it holds the public origin", async () => {
    vi.stubEnv("PUBLIC_URL", "https://ops.example.com");
    const cookies = await callbackCookies("csrf");
    expect(cookies.length).toBeGreaterThan(0);
    for (const c of cookies) {
      expect(c).not.toMatch(/0\.0\.0\.0/);
      expect(decodeURIComponent(c.split(";")[0].split("=")[1])).toBe("https://ops.example.com/");
    }
  });

  it("rewrites only that cookie, and only a value on the request's own origin", () => {
    expect(publicCallbackCookie("authjs.callback-url=http%3A%2F%2F0.0.0.0%3A3000%2Fcases; Path=/; HttpOnly; SameSite=Lax", BIND)).toBe("authjs.callback-url=%2Fcases; Path=/; HttpOnly; SameSite=Lax");
    expect(publicCallbackCookie("__Secure-authjs.callback-url=http%3A%2F%2F0.0.0.0%3A3000; Path=/; Secure", BIND)).toBe("__Secure-authjs.callback-url=%2F; Path=/; Secure");
    expect(publicCallbackCookie("authjs.callback-url=%2Fcases; Path=/", BIND)).toBe("authjs.callback-url=%2Fcases; Path=/");
    expect(publicCallbackCookie("authjs.csrf-token=abc%7Cdef; Path=/", BIND)).toBe("authjs.csrf-token=abc%7Cdef; Path=/");
  });
});
