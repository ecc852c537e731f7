import crypto from "node:crypto";
import net from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createRateLimiter, type RateLimiter } from "@/lib/http/rate-limit";
import { DomainError } from "@/lib/errors";
import { skipWithout } from "../../helpers/needs";
import { redisReachable, TEST_REDIS_URL } from "../../helpers/redis";

/**
 * The per-token limit of contract part 5 through rate-limiter-flexible: in memory for one process,
 * in Redis shared by every process (two limiters on one Redis stand in for two replicas here;
 * tests/integration/api/multi-process.test.ts does it with real processes), and open, with a
 * warning, when Redis is down.
 */

const opened: RateLimiter[] = [];
const limiter = (...args: Parameters<typeof createRateLimiter>) => {
  const l = createRateLimiter(...args);
  opened.push(l);
  return l;
};
afterEach(async () => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
  while (opened.length) await opened.pop()!.close();
});

async function outcome(l: RateLimiter, key: string): Promise<number | string> {
  try {
    await l.check(key);
    return 200;
  } catch (err) {
    if (err instanceof DomainError) return `${err.status} ${err.code} retry-after ${err.headers?.["Retry-After"]}`;
    throw err;
  }
}

const prefix = () => `b-test:${crypto.randomBytes(4).toString("hex")}`;

describe("rate limit, one process (memory)", () => {
  it("lets `limit` requests of a token through in a minute, refuses the next with 429 and Retry-After", async () => {
    const l = limiter({ limit: 3 });
    const seen = [];
    for (let i = 0; i < 5; i++) seen.push(await outcome(l, "jti:a"));
    expect(seen.slice(0, 3)).toEqual([200, 200, 200]);
    for (const refused of seen.slice(3)) expect(refused).toMatch(/^429 RATE_LIMITED retry-after ([1-9]|[1-5]\d|60)$/);
    // another token has its own window
    expect(await outcome(l, "jti:b")).toBe(200);
  });

  it("a limit of 0 turns the limit off", async () => {
    const l = limiter({ limit: 0 });
    for (let i = 0; i < 20; i++) expect(await outcome(l, "jti:a")).toBe(200);
  });
});

describe.skipIf(skipWithout(`Redis at ${TEST_REDIS_URL}`, await redisReachable()))(`rate limit shared through Redis (${TEST_REDIS_URL}; skipped when unreachable, failed in CI)`, () => {
  it("two limiters on one Redis count one window: the (limit+1)th request across both is refused", async () => {
    const shared = { limit: 4, redisUrl: TEST_REDIS_URL, keyPrefix: prefix() };
    const a = limiter(shared);
    const b = limiter(shared);
    await waitReady(a, b);
    const seen = [];
    for (let i = 0; i < 4; i++) seen.push(await outcome(i % 2 ? a : b, "jti:shared"));
    expect(seen).toEqual([200, 200, 200, 200]);
    expect(await outcome(a, "jti:shared")).toMatch(/^429 RATE_LIMITED retry-after/);
    expect(await outcome(b, "jti:shared")).toMatch(/^429 RATE_LIMITED retry-after/);
    expect(await outcome(b, "jti:other")).toBe(200);
  });
});

describe("rate limit with Redis down: fails open with a warning", () => {
  it("nothing listening: every request passes and one warning is logged", async () => {
    const logged = captureWarnings();
    const l = limiter({ limit: 2, redisUrl: `redis://127.0.0.1:${await closedPort()}`, keyPrefix: prefix() });
    for (let i = 0; i < 6; i++) expect(await outcome(l, "jti:a")).toBe(200);
    expect(logged().filter((w) => /rate limiter store unreachable/.test(w))).toHaveLength(1);
  });

  it("a Redis that accepts connections and never answers: requests pass without waiting on it", async () => {
    const logged = captureWarnings();
    const silent = net.createServer(() => {
      /* accepts and stays silent */
    });
    await new Promise<void>((r) => silent.listen(0, "127.0.0.1", r));
    try {
      const l = limiter({ limit: 2, redisUrl: `redis://127.0.0.1:${(silent.address() as net.AddressInfo).port}`, keyPrefix: prefix() });
      const started = Date.now();
      for (let i = 0; i < 6; i++) expect(await outcome(l, "jti:a")).toBe(200);
      expect(Date.now() - started).toBeLessThan(1_000);
      expect(logged().some((w) => /rate limiter store unreachable/.test(w))).toBe(true);
    } finally {
      silent.close();
    }
  });
});

/** both clients connected, so no request is let through while one is still connecting */
async function waitReady(...ls: RateLimiter[]) {
  for (const l of ls) {
    const deadline = Date.now() + 5_000;
    while (!(await l.ready())) {
      if (Date.now() > deadline) throw new Error("Redis did not become ready");
      await new Promise((r) => setTimeout(r, 20));
    }
  }
}

function captureWarnings(): () => string[] {
  vi.stubEnv("LOG_LEVEL", "warn");
  const spy = vi.spyOn(console, "log").mockImplementation(() => undefined);
  return () => spy.mock.calls.map((c) => String(c[0])).filter((line) => line.includes('"level":"warn"'));
}

function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer();
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}
