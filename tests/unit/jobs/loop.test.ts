import { afterEach, describe, expect, it, vi } from "vitest";
import { pollLoop } from "@/lib/jobs/loop";

/**
 * The job runner's loop while the database is away (bench:e2e --chaos restarting PostgreSQL): it
 * must keep going, but not retry and log every poll.
 */
describe("pollLoop", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("survives errors, waits longer after each one in a row, and polls normally again once the body succeeds", async () => {
    vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    vi.spyOn(process.stdout, "write").mockImplementation(() => true);
    const at: number[] = [];
    let failing = true;
    const loop = pollLoop("test", 10, async () => {
      at.push(performance.now());
      if (failing) throw new Error("connect ECONNREFUSED");
      return false;
    });
    loop.start();
    await new Promise((r) => setTimeout(r, 700));
    const failed = at.length;
    // 10 ms polls would be ~70 calls; backing off 20, 40, 80, 160, 320 ms leaves about 5
    expect(failed).toBeGreaterThanOrEqual(3);
    expect(failed).toBeLessThanOrEqual(7);
    // the pause after five errors in a row is 320 ms, not the 10 ms poll
    expect(at[at.length - 1] - at[at.length - 2]).toBeGreaterThanOrEqual(150);
    failing = false;
    await new Promise((r) => setTimeout(r, 1500));
    const after = at.length - failed;
    // back at the 10 ms poll once the pending pause is over
    expect(after).toBeGreaterThan(20);
    expect(loop.running).toBe(true);
    await loop.stop();
  });

  it("{ wait } sleeps until that time, or until kicked, whichever is first", async () => {
    const at: number[] = [];
    const loop = pollLoop("test", 10, async () => {
      at.push(performance.now());
      return { wait: 400 };
    });
    loop.start();
    await new Promise((r) => setTimeout(r, 100));
    // no 10 ms polls: the body asked for 400 ms
    expect(at).toHaveLength(1);
    loop.kick();
    await new Promise((r) => setTimeout(r, 50));
    expect(at).toHaveLength(2);
    await new Promise((r) => setTimeout(r, 500));
    expect(at).toHaveLength(3);
    await loop.stop();
  });
});
