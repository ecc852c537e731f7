import { execFileSync } from "node:child_process";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { configOf } from "@/lib/config";
import { closePool, poolSize, runTask } from "@/lib/pool";

afterEach(async () => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
  await closePool();
});

/** Runs `work` while a 10 ms interval ticks; returns its result and the longest gap between ticks. */
async function whileTicking<T>(work: () => Promise<T>): Promise<{ result: T; maxGap: number; ticks: number; ms: number }> {
  let last = performance.now();
  let maxGap = 0;
  let ticks = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    maxGap = Math.max(maxGap, now - last);
    last = now;
    ticks++;
  }, 10);
  const started = performance.now();
  try {
    const result = await work();
    return { result, maxGap: Math.max(maxGap, performance.now() - last), ticks, ms: performance.now() - started };
  } finally {
    clearInterval(timer);
  }
}

describe("the worker pool", () => {
  it("sizes itself from POOL_THREADS, else cores − 1, at least 1; refuses 0 threads", () => {
    expect(poolSize(configOf({ POOL_THREADS: "3" }))).toBe(3);
    expect(() => poolSize(configOf({ POOL_THREADS: "0" }))).toThrow("POOL_THREADS must be at least 1");
    expect(poolSize(configOf({}))).toBeGreaterThanOrEqual(1);
  });

  it("runs a CPU-heavy task in a worker thread while this thread's event loop keeps ticking", async () => {
    await runTask("demo/count-primes", { below: 10 }); // start the thread and load tsx first
    const { result, maxGap, ms } = await whileTicking(() => runTask("demo/count-primes", { below: 3_000_000 }));
    expect(result).toEqual({ below: 3_000_000, count: 216_816 });
    expect(ms).toBeGreaterThan(200); // heavy enough that running it here would have stalled the timer
    // in-process the timer would stall for the whole task (the test below); on a loaded 2-core machine
    // the scheduler alone can delay a tick, so the bound is relative to the task's length
    expect(maxGap).toBeLessThan(Math.max(150, ms * 0.5));
  }, 60_000);

  it("runs the allocation engine in a worker, with the same result as in-process", async () => {
    const { allocate } = await import("@/lib/allocation-engine");
    const input = { airport: { code: "CDG", latitude: 49.0097, longitude: 2.5479 }, nights: 1, currency: "EUR", groups: [], offers: [], policies: {} };
    expect(await runTask("allocation/engine", input)).toEqual(JSON.parse(JSON.stringify(allocate(input))));
  }, 30_000);

  it("the same task in-process stalls the event loop (what the pool avoids)", async () => {
    const { default: countPrimes } = await import("@/lib/pool/tasks/primes");
    const { maxGap, ms } = await whileTicking(async () => countPrimes({ below: 3_000_000 }));
    expect(maxGap).toBeGreaterThanOrEqual(ms * 0.9);
  }, 60_000);

  it("loads its tasks in a process started by the tsx CLI, as `npm start`'s job workers are (no in-process fallback)", () => {
    const out = execFileSync(process.execPath, [path.join("node_modules", "tsx", "dist", "cli.mjs"), "tests/helpers/pool-under-tsx.ts"], {
      env: { ...process.env, LOG_LEVEL: "warn" },
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(out).not.toContain("worker pool unavailable");
    expect(out).toContain(JSON.stringify({ result: { below: 100, count: 25 } }));
  }, 60_000);

  it("falls back to in-process execution, with a warning, when the worker cannot load", async () => {
    vi.stubEnv("LOG_LEVEL", "warn");
    vi.spyOn(process, "cwd").mockReturnValue("/nonexistent-project-root");
    const warn = vi.spyOn(console, "log").mockImplementation(() => {});
    const warnErr = vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(await runTask("demo/count-primes", { below: 100_000 })).toEqual({ below: 100_000, count: 9592 });
    const lines = [...warn.mock.calls, ...warnErr.mock.calls].map((c) => String(c[0]));
    expect(lines.some((l) => l.includes("worker pool unavailable"))).toBe(true);
  }, 30_000);
});
