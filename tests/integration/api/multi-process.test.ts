import { type ChildProcess, spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, migrate, openDatabase } from "@/db/client";
import { mintToken } from "@/lib/auth/tokens";
import { seedTestAirports } from "@/tests/helpers/airports";
import { casePayload } from "@/tests/helpers/cases";
import { freshPostgresDatabase } from "@/tests/helpers/db";
import { skipWithout } from "@/tests/helpers/needs";
import { redisReachable, TEST_REDIS_URL } from "@/tests/helpers/redis";
import { enqueue, until } from "../jobs/helpers";

/**
 * Issue 13 part 5: two app processes on one PostgreSQL database share the work. Each child
 * (tests/helpers/app-child.ts) serves the real route handlers over HTTP and runs the embedded job
 * runner; the limiter is shared through Redis. Proves: (a) N jobs emitted are each executed
 * exactly once, by both processes between them; (b) one token's per-minute limit counts across
 * both processes; (c) a write through one process is seen by a reader polling the other.
 * PGlite is one process by design (STACK.md), so this runs only on PostgreSQL (TEST_DATABASE_URL).
 */

const PG_SERVER = process.env.TEST_DATABASE_URL;
const redis = await redisReachable();
const LIMIT = 6;
const JOBS = 60;
const TENANT = "MP";

type Child = { proc: ChildProcess; base: string };
let database: Database;
let dropDb: () => Promise<void>;
let scratch: string;
let effectsFile: string;
const children: Child[] = [];

async function startChild(env: Record<string, string>): Promise<Child> {
  const proc = spawn(process.execPath, ["--import", "tsx", "tests/helpers/app-child.ts"], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const lines = readline.createInterface({ input: proc.stdout! });
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("an app process did not start in 45 s")), 45_000);
    proc.once("exit", (code) => reject(new Error(`an app process exited with ${code} before it served`)));
    lines.on("line", (line) => {
      if (!line.startsWith('{"port"')) return;
      clearTimeout(timer);
      resolve(JSON.parse(line).port);
    });
  });
  const child = { proc, base: `http://127.0.0.1:${port}/api/v1` };
  children.push(child);
  return child;
}

describe.skipIf(!PG_SERVER)(
  "two app processes on one PostgreSQL database (PostgreSQL only: PGlite is one process by design)",
  () => {
    let a: Child;
    let b: Child;
    let token: string;

    beforeAll(async () => {
      const fresh = await freshPostgresDatabase(PG_SERVER!);
      dropDb = fresh.drop;
      database = await openDatabase(fresh.url);
      await migrate(database);
      await seedTestAirports(database.db);
      scratch = fs.mkdtempSync(path.join(os.tmpdir(), "multi-process-"));
      effectsFile = path.join(scratch, "effects.log");
      const env = {
        DATABASE_URL: fresh.url,
        REDIS_URL: redis ? TEST_REDIS_URL : "",
        RATE_LIMIT_KEY_PREFIX: `b-test:${crypto.randomBytes(4).toString("hex")}`,
        RATE_LIMIT_PER_MINUTE: String(LIMIT),
        EFFECTS_FILE: effectsFile,
        LOG_LEVEL: "warn",
      };
      [a, b] = await Promise.all([startChild(env), startChild(env)]);
      token = (await mintToken({ tenant: TENANT, roles: ["ADMIN"], airports: ["*"] })).token;
    }, 90_000);

    afterAll(async () => {
      await Promise.all(
        children.map(async ({ proc }) => {
          if (proc.exitCode !== null || proc.signalCode !== null) return;
          const gone = new Promise((r) => proc.once("exit", r));
          proc.kill("SIGKILL");
          await gone;
        }),
      );
      await database?.close();
      await dropDb?.();
      if (scratch) fs.rmSync(scratch, { recursive: true, force: true });
    });

    const call = (child: Child, p: string, init: { body?: unknown; token?: string } = {}) =>
      fetch(`${child.base}${p}`, {
        method: init.body === undefined ? "GET" : "POST",
        headers: { authorization: `Bearer ${init.token ?? token}`, "content-type": "application/json" },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      });

    it("(a) N jobs emitted are each executed once, and both processes executed some", async () => {
      for (let n = 0; n < JOBS; n++) await enqueue(database.db, "test/counted", { n });
      const lines = () => (fs.existsSync(effectsFile) ? fs.readFileSync(effectsFile, "utf8").trim().split("\n").filter(Boolean) : []);
      await until(async () => lines().length >= JOBS, 30_000, `${JOBS} executions`);
      // a late duplicate would show up after the last first execution
      await new Promise((r) => setTimeout(r, 500));
      const executions = lines().map((l) => l.split(" "));
      const perJob = new Map<string, number>();
      for (const [, n] of executions) perJob.set(n, (perJob.get(n) ?? 0) + 1);
      expect(perJob.size).toBe(JOBS);
      expect([...perJob.values()].every((count) => count === 1)).toBe(true);
      const byProcess = new Map<string, number>();
      for (const [pid] of executions) byProcess.set(pid, (byProcess.get(pid) ?? 0) + 1);
      expect([...byProcess.keys()].sort()).toEqual([String(a.proc.pid), String(b.proc.pid)].sort());
    });

    it.skipIf(skipWithout(`Redis at ${TEST_REDIS_URL}`, redis))(`(b) one token's limit is counted across both processes: the (limit+1)th request is refused (needs Redis at ${TEST_REDIS_URL})`, async () => {
      const limited = (await mintToken({ tenant: TENANT, roles: ["ADMIN"], airports: ["*"] })).token;
      const statuses: number[] = [];
      for (let i = 0; i < LIMIT; i++) statuses.push((await call(i % 2 ? b : a, "/cases?limit=1", { token: limited })).status);
      expect(statuses).toEqual(Array(LIMIT).fill(200));
      for (const child of [a, b]) {
        const refused = await call(child, "/cases?limit=1", { token: limited });
        expect(refused.status).toBe(429);
        expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
        expect((await refused.json()).code).toBe("RATE_LIMITED");
      }
    });

    it("(c) a write through one process is seen by a reader polling the other", async () => {
      const writer = (await mintToken({ tenant: TENANT, roles: ["ADMIN"], airports: ["*"] })).token;
      const reader = (await mintToken({ tenant: TENANT, roles: ["ADMIN"], airports: ["*"] })).token;
      const created = await call(a, "/cases", { token: writer, body: casePayload({ externalEventId: `mp-${crypto.randomUUID()}` }) });
      expect(created.status).toBe(201);
      const { urn, revision } = await created.json();

      const onB = await call(b, `/cases/${encodeURIComponent(urn)}`, { token: reader });
      expect(onB.status).toBe(200);
      expect((await onB.json()).revision).toBe(revision);
      const listed = await (await call(b, "/cases?limit=50", { token: reader })).json();
      expect(listed.items.map((c: { urn: string }) => c.urn)).toContain(urn);

      const demand = await call(a, `/demand/case/${encodeURIComponent(urn)}`, { token: writer, body: { type: "INITIAL", roomsRequested: 1 } });
      expect(demand.status).toBe(201);
      let seen = revision;
      await until(
        async () => {
          seen = (await (await call(b, `/cases/${encodeURIComponent(urn)}`, { token: reader })).json()).revision;
          return seen !== revision;
        },
        5_000,
        "the revision to move on the other process",
      );
      expect(seen).toBeGreaterThan(revision);
    });
  },
);
