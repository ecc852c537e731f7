import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as listCases } from "@/app/api/v1/cases/route";
import { GET as health } from "@/app/api/v1/health/route";
import { type Database, installDatabase, openDatabase } from "@/db/client";
import { isDatabaseUnavailable } from "@/db/unavailable";
import { call, tokenFor } from "../../helpers/api";
import { freePort } from "../../helpers/ports";

/**
 * What `bench:e2e --chaos` found while its PostgreSQL restarted: every request answered 500 and
 * logged an "unhandled error", as if a bug. A database out of reach is a 503 SERVICE_UNAVAILABLE
 * with Retry-After, so clients retry; /health stays 200 and says the database is not ok.
 */
let database: Database;

beforeAll(async () => {
  // a node-postgres pool aimed at a port where nothing listens: every connect is refused
  const port = await freePort();
  database = await openDatabase(`postgres://postgres@127.0.0.1:${port}/nothing`);
  installDatabase(database);
});

afterAll(async () => {
  await database.close();
});

describe("the database out of reach", () => {
  it("answers 503 SERVICE_UNAVAILABLE with Retry-After, as problem+json", async () => {
    const res = await call(listCases, "/cases", { token: await tokenFor({ tenant: "AF" }) });
    expect(res.status).toBe(503);
    expect(res.headers.get("content-type")).toBe("application/problem+json");
    expect(res.headers.get("retry-after")).toBe("2");
    expect(res.json).toMatchObject({ status: 503, code: "SERVICE_UNAVAILABLE", title: "Service unavailable" });
    // nothing of the driver's error leaks
    expect(res.text).not.toMatch(/ECONNREFUSED|127\.0\.0\.1/);
  });

  it("/health stays 200 and reports the database down", async () => {
    const res = await call(health, "/health");
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ status: "degraded", database: { ok: false } });
  });

  it("tells connection failures from bugs", () => {
    const wrapped = (cause: unknown) => Object.assign(new Error("Failed query: select 1"), { cause });
    expect(isDatabaseUnavailable(wrapped(Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" })))).toBe(true);
    expect(isDatabaseUnavailable(wrapped(Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" })))).toBe(true);
    expect(isDatabaseUnavailable(wrapped(Object.assign(new Error("the database system is starting up"), { code: "57P03" })))).toBe(true);
    expect(isDatabaseUnavailable(wrapped(new Error("Connection terminated unexpectedly")))).toBe(true);
    expect(isDatabaseUnavailable(wrapped(new Error("timeout exceeded when trying to connect")))).toBe(true);
    // the embedded database's socket file absent (its process restarting), as node-postgres reports it
    expect(isDatabaseUnavailable(wrapped(Object.assign(new Error("connect ENOENT /tmp/das-pglite-x/.s.PGSQL.5432"), { code: "ENOENT", syscall: "connect" })))).toBe(true);
    // a constraint violation, a syntax error, a plain bug, a file missing: still 500s
    expect(isDatabaseUnavailable(wrapped(Object.assign(new Error("no such file"), { code: "ENOENT", syscall: "open" })))).toBe(false);
    expect(isDatabaseUnavailable(wrapped(Object.assign(new Error("duplicate key value"), { code: "23505" })))).toBe(false);
    expect(isDatabaseUnavailable(wrapped(Object.assign(new Error("syntax error"), { code: "42601" })))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError("cannot read properties of undefined"))).toBe(false);
  });
});

