import { afterEach, describe, expect, it, vi } from "vitest";
import { users } from "@/db/schema";
import { authorizeCredentials, SignInThrottled } from "@/lib/auth/credentials";
import { hashPassword } from "@/lib/auth/password";
import { resetSignInThrottle } from "@/lib/auth/sign-in-throttle";
import { clientAddress, isHttpsRequest, PEER_HEADER } from "@/lib/http/client-address";
import { newUrn } from "@/lib/ids";
import { apiTestDatabase } from "../../helpers/api";

const database = apiTestDatabase();

/** A sign-in request from TCP peer `peer`, with whatever forwarded headers it carries. */
const from = (peer: string | null, headers: Record<string, string> = {}) =>
  new Request("http://localhost/api/auth/callback/credentials", { headers: { ...(peer ? { [PEER_HEADER]: peer } : {}), ...headers } });

async function account() {
  const email = `u-${newUrn("user").slice(-12)}@throttle.test`;
  await database.db.insert(users).values({ urn: newUrn("user"), tenant: "AF", email, name: "U", passwordHash: await hashPassword("right"), roles: ["ADMIN"], airports: ["*"] });
  return email;
}

/** A try: "ok", "wrong" or "throttled" (with the wait). */
async function attempt(email: string, password: string, req: Request): Promise<string> {
  try {
    return (await authorizeCredentials({ email, password }, req)) ? "ok" : "wrong";
  } catch (err) {
    if (err instanceof SignInThrottled) return "throttled";
    throw err;
  }
}

afterEach(() => {
  resetSignInThrottle();
  vi.useRealTimers();
  delete process.env.TRUSTED_PROXIES;
});

describe("the client address", () => {
  it("is the TCP peer; a client's X-Forwarded-For, X-Real-IP and X-Forwarded-Proto count for nothing without TRUSTED_PROXIES", () => {
    const req = from("203.0.113.7", { "x-forwarded-for": "1.2.3.4", "x-real-ip": "5.6.7.8", "x-forwarded-proto": "https" });
    expect(clientAddress(req)).toBe("203.0.113.7");
    expect(isHttpsRequest(req)).toBe(false);
    expect(clientAddress(from("::ffff:203.0.113.7"))).toBe("203.0.113.7");
    expect(clientAddress(from(null, { "x-forwarded-for": "1.2.3.4" }))).toBeNull();
  });

  it("behind a trusted proxy: X-Forwarded-For read from the right, past every trusted hop; what the client wrote on the left is ignored", () => {
    process.env.TRUSTED_PROXIES = "10.0.0.0/8, 192.0.2.10, ::1";
    expect(clientAddress(from("10.0.0.5", { "x-forwarded-for": "1.2.3.4, 198.51.100.7" }))).toBe("198.51.100.7");
    expect(clientAddress(from("10.0.0.5", { "x-forwarded-for": "1.2.3.4, 198.51.100.7, 192.0.2.10" }))).toBe("198.51.100.7");
    expect(clientAddress(from("::1", { "x-forwarded-for": "198.51.100.8" }))).toBe("198.51.100.8");
    expect(clientAddress(from("10.0.0.5", { "x-forwarded-for": "garbage, 198.51.100.7" }))).toBe("198.51.100.7");
    expect(clientAddress(from("10.0.0.5", { "x-forwarded-for": "198.51.100.7, garbage" }))).toBe("10.0.0.5");
    expect(clientAddress(from("10.0.0.5"))).toBe("10.0.0.5");
    // an untrusted peer's header is not read, even naming a trusted proxy
    expect(clientAddress(from("203.0.113.7", { "x-forwarded-for": "10.0.0.5" }))).toBe("203.0.113.7");
    expect(isHttpsRequest(from("10.0.0.5", { "x-forwarded-proto": "https" }))).toBe(true);
    expect(isHttpsRequest(from("203.0.113.7", { "x-forwarded-proto": "https" }))).toBe(false);
  });
});

describe("sign-in throttling", () => {
  it("rotating X-Forwarded-For does not give an address unlimited tries: 20 failures over 20 accounts, then it waits", async () => {
    const results: string[] = [];
    for (let i = 0; i < 25; i++) {
      results.push(await attempt(`nobody${i}@x.test`, "guess", from("203.0.113.7", { "x-forwarded-for": `198.51.100.${i}`, "x-real-ip": `192.0.2.${i}` })));
    }
    expect(results.slice(0, 20)).toEqual(Array(20).fill("wrong"));
    expect(results.slice(20)).toEqual(Array(5).fill("throttled"));
    // another address is not affected
    expect(await attempt("nobody99@x.test", "guess", from("203.0.113.8"))).toBe("wrong");
  });

  it("behind a trusted proxy each client address is counted apart, and a client rotating its own header still is one address", async () => {
    process.env.TRUSTED_PROXIES = "10.0.0.1";
    for (let i = 0; i < 20; i++) await attempt(`n${i}@x.test`, "g", from("10.0.0.1", { "x-forwarded-for": `1.1.1.${i}, 198.51.100.50` }));
    expect(await attempt("n99@x.test", "g", from("10.0.0.1", { "x-forwarded-for": "9.9.9.9, 198.51.100.50" }))).toBe("throttled");
    expect(await attempt("n99@x.test", "g", from("10.0.0.1", { "x-forwarded-for": "198.51.100.51" }))).toBe("wrong");
  });

  it("a guesser elsewhere does not lock the real user out: the right password from a known-good address signs in", async () => {
    const email = await account();
    const office = from("198.51.100.1");
    expect(await attempt(email, "right", office)).toBe("ok");
    // six (and sixty) wrong tries, each from another address
    for (let i = 0; i < 60; i++) await attempt(email, "wrong", from(`203.0.113.${i + 1}`));
    expect(await attempt(email, "right", office)).toBe("ok");
  });

  it("from a new address the account is slowed, not locked: a growing wait, then the right password works", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const email = await account();
    const guesser = (i: number) => from(`203.0.113.${i + 1}`);
    for (let i = 0; i < 5; i++) expect(await attempt(email, "wrong", guesser(i))).toBe("wrong");
    // past 5 failures: 5 s after the 5th, then 10 s, 20 s …
    expect(await attempt(email, "right", from("192.0.2.77"))).toBe("throttled");
    vi.advanceTimersByTime(5_100);
    expect(await attempt(email, "wrong", guesser(6))).toBe("wrong");
    vi.advanceTimersByTime(5_100);
    expect(await attempt(email, "wrong", guesser(7))).toBe("throttled");
    vi.advanceTimersByTime(5_000);
    expect(await attempt(email, "right", from("192.0.2.77"))).toBe("ok");
    // a success clears the account's failures
    expect(await attempt(email, "wrong", guesser(8))).toBe("wrong");
  });

  it("the wait per account never exceeds 5 minutes", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const email = await account();
    for (let i = 0; i < 40; i++) {
      await attempt(email, "wrong", from(`203.0.113.${i + 1}`));
      vi.advanceTimersByTime(5 * 60_000 + 100);
    }
    expect(await attempt(email, "right", from("192.0.2.99"))).toBe("ok");
  });
});
