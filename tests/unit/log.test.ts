import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { logJson } from "@/lib/jobs/log";
import { log } from "@/lib/log";

// drizzle's message for a failed statement, as a job run's retry passes it on (`error: err.message`)
const placeholders = Array.from({ length: 7_500 }, (_, i) => `($${i * 10 + 1}, $${i * 10 + 2}, default)`).join(", ");
const params = Array.from({ length: 7_500 }, (_, i) => `urn:svc:meal:${i},Ana${i},ana${i}@example.com,+3361234${String(i).padStart(4, "0")}`).join(",");
const failedQuery = `Failed query: insert into "meal_vouchers" ("urn", "passenger_id", "status") values ${placeholders}\nparams: ${params}`;

describe("log lines", () => {
  let lines: string[];
  const saved = process.env.LOG_LEVEL;
  beforeEach(() => {
    lines = [];
    process.env.LOG_LEVEL = "debug";
    vi.spyOn(console, "log").mockImplementation((l: string) => void lines.push(l));
    vi.spyOn(console, "error").mockImplementation((l: string) => void lines.push(l));
  });
  afterEach(() => {
    vi.restoreAllMocks();
    if (saved === undefined) delete process.env.LOG_LEVEL;
    else process.env.LOG_LEVEL = saved;
  });

  it("keep a failed query's first line, bounded, and never its parameters, wherever the message is passed", () => {
    logJson("warn", "job run will retry", { runId: "r1", attempt: 2, error: failedQuery });
    log("error", "job run failed", { error: `step plan: ${failedQuery}`, args: [{ detail: failedQuery }] });
    expect(lines).toHaveLength(2);
    for (const line of lines) {
      expect(line.length).toBeLessThan(2_000);
      expect(line).not.toMatch(/params:|ana\d+@example\.com|\+3361234|Ana\d/);
      expect(line).toContain('Failed query: insert into \\"meal_vouchers\\"');
      expect(line).toContain("(parameters not logged)");
    }
    expect(JSON.parse(lines[1]).error).toMatch(/^step plan: Failed query: insert into "meal_vouchers"/);
  });

  it("cut any other long text to a bounded length and leave short ones alone", () => {
    log("info", "a long one", { error: "x".repeat(50_000), short: "ok", n: 3 });
    const line = JSON.parse(lines[0]);
    expect(line.error.length).toBeLessThan(4_100);
    expect(line.error).toMatch(/… \(46000 more characters\)$/);
    expect(line).toMatchObject({ msg: "a long one", short: "ok", n: 3 });
  });
});
