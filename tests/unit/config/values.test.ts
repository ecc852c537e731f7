import { spawnSync } from "node:child_process";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { config, configOf, configProblems, ConfigError, setVar } from "@/lib/config";

afterEach(() => vi.unstubAllEnvs());
const root = path.resolve(import.meta.dirname, "../../..");

describe("configuration values", () => {
  it("are typed, with their defaults when unset or empty", () => {
    const c = configOf({ PORT: "8080", DATABASE_URL: "", TRANSPORT_SHUTTLE_HOURS: " 06:00-22:30 ", ALLOWED_ORIGINS: "https://a.example, ,https://b.example", OUTBOUND_ALLOW_PRIVATE: "true" });
    expect(c.PORT).toBe(8080);
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.BULK_MAX_ROWS).toBe(5000);
    expect(c.TOKEN_MAX_TTL).toBe(24 * 3600);
    expect(c.TRANSPORT_SHUTTLE_HOURS).toEqual({ from: "06:00", until: "22:30" });
    expect(c.ALLOWED_ORIGINS).toEqual(["https://a.example", "https://b.example"]);
    expect(c.OUTBOUND_ALLOW_PRIVATE).toBe(true);
    expect(c.EXPEDIA_RAPID_TIER).toBe("SELF_SERVICE");
  });

  it("follow the environment as it changes (a test's setting, a sandbox's URL)", () => {
    vi.stubEnv("RATE_LIMIT_PER_MINUTE", "7");
    expect(config.RATE_LIMIT_PER_MINUTE).toBe(7);
    vi.stubEnv("RATE_LIMIT_PER_MINUTE", "0");
    expect(config.RATE_LIMIT_PER_MINUTE).toBe(0);
    vi.stubEnv("RATE_LIMIT_PER_MINUTE", "");
    expect(config.RATE_LIMIT_PER_MINUTE).toBe(600);
  });

  it.each([
    ["PORT", "abc", "PORT must be a whole number"],
    ["PORT", "70000", "PORT must be at most 65535"],
    ["DATABASE_URL", "localhost:5432/db", "DATABASE_URL must be a postgres:// or postgresql:// or memory:// or file:// URL"],
    ["BULK_MAX_ROWS", "-1", "BULK_MAX_ROWS must be at least 1"],
    ["JOBS_CONCURRENCY", "1.5", "JOBS_CONCURRENCY must be a whole number"],
    ["LOG_LEVEL", "loud", "LOG_LEVEL must be one of debug, info, warn, error, silent"],
    ["EXPEDIA_RAPID_TIER", "GOLD", "EXPEDIA_RAPID_TIER must be one of SELF_SERVICE, ENTERPRISE"],
    ["SMS_URL", "sms.example.com", 'SMS_URL must be "sandbox" or a http:// or https:// URL'],
    ["TOKEN_MAX_TTL", "a day", 'TOKEN_MAX_TTL must be a duration such as "30m", "24h" or "7d"'],
    ["OUTBOUND_ALLOW_PRIVATE", "yes", "OUTBOUND_ALLOW_PRIVATE must be 1, 0, true or false"],
    ["TRANSPORT_SHUTTLE_HOURS", "5-23", 'TRANSPORT_SHUTTLE_HOURS must be hours such as "05:00-23:00"'],
    ["SANDBOX_INVENTORY_SCALE", "0", "SANDBOX_INVENTORY_SCALE must be above 0"],
  ])("refuse %s=%s, naming the variable and what is wrong", (name, value, message) => {
    expect(configProblems({ [name]: value })).toEqual([message]);
    const c = configOf({ [name]: value }) as unknown as Record<string, unknown>;
    expect(() => c[name]).toThrow(new ConfigError(name as never, message.slice(name.length + 1)));
  });

  it("are all good with nothing set, and every bad one is listed", () => {
    expect(configProblems({})).toEqual([]);
    expect(configProblems({ PORT: "abc", LOG_LEVEL: "loud" })).toEqual(["PORT must be a whole number", "LOG_LEVEL must be one of debug, info, warn, error, silent"]);
    // the tests' and benchmarks' own variables are their scripts' business, not the server's
    expect(configProblems({ E2E_PORT: "abc" })).toEqual([]);
  });

  it("setVar refuses a value that does not parse and leaves the variable as it was", () => {
    vi.stubEnv("FLEET_URL", "http://127.0.0.1:1");
    expect(() => setVar("FLEET_URL", "not a url")).toThrow("FLEET_URL must be a http:// or https:// URL");
    expect(config.FLEET_URL).toBe("http://127.0.0.1:1");
    setVar("FLEET_URL", "http://127.0.0.1:2");
    expect(config.FLEET_URL).toBe("http://127.0.0.1:2");
    setVar("FLEET_URL", undefined);
    expect(config.FLEET_URL).toBeUndefined();
  });
});

describe("npm start with a bad value", () => {
  it.each([
    ["PORT", "abc", "PORT must be a whole number"],
    ["DATABASE_URL", "not-a-url", "DATABASE_URL must be a postgres:// or postgresql:// or memory:// or file:// URL"],
  ])("%s=%s: exits 1 with one line naming it, before building or starting anything", (name, value, message) => {
    // SKIP_BUILD unset: were the check not first, this would start a build and be killed by the timeout
    const env: NodeJS.ProcessEnv = { ...process.env, [name]: value, SKIP_BUILD: "" };
    const run = spawnSync(process.execPath, ["--import", "tsx", path.join(root, "scripts", "start.ts")], { cwd: root, env, encoding: "utf8", timeout: 20_000 });
    expect(run.status).toBe(1);
    expect(run.stdout).toBe("");
    expect(run.stderr.trim().split("\n")).toEqual([`configuration refused, nothing started: ${message} (see docs/configuration.md)`]);
  });
});
