import { type ChildProcess, spawn } from "node:child_process";
import readline from "node:readline";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrate, openDatabase } from "@/db/client";
import { mintToken } from "@/lib/auth/tokens";
import { startInngestEventSandbox, type InngestEventSandbox } from "@/lib/jobs/inngest-event-sandbox";
import { seedTestAirports } from "@/tests/helpers/airports";
import { casePayload } from "@/tests/helpers/cases";
import { freshPostgresDatabase } from "@/tests/helpers/db";

/**
 * Issue 30 part 4: inngest mode on serverless. An app process with Inngest keys (a child, booted
 * as instrumentation.ts boots it) creates cases through the real route handler; right after each
 * response the process is frozen (SIGSTOP): nothing of it can run any more, no timer, no loop.
 * Every event the request wrote must already be at Inngest's event API (our sandbox of it, in this
 * process). Then, resumed, its outbox must agree: every row marked SENT, and sent. The same with
 * the event API failing: the request still succeeds and leaves the row for the safety net.
 * Runs on PGlite (the child's own in-memory database) and on PostgreSQL, where the test migrates
 * first and the child, in inngest mode on a server database, does not (db/migrate-at-open.ts).
 */

const EVENT_KEY = "test-event-key";
const TENANT = "SV";
let sandbox: InngestEventSandbox;
let child: ChildProcess;
let base: string;
let timers: string[];
let dropDb: (() => Promise<void>) | undefined;

async function startChild(env: Record<string, string>): Promise<void> {
  child = spawn(process.execPath, ["--import", "tsx", "tests/helpers/serverless-child.ts"], { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "inherit"] });
  const lines = readline.createInterface({ input: child.stdout! });
  const ready = await new Promise<{ port: number; timers: string[] }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("the app process did not start in 90 s")), 90_000);
    child.once("exit", (code) => reject(new Error(`the app process exited with ${code} before it served`)));
    lines.on("line", (line) => {
      if (!line.startsWith('{"port"')) return;
      clearTimeout(timer);
      resolve(JSON.parse(line));
    });
  });
  base = `http://127.0.0.1:${ready.port}`;
  timers = ready.timers;
}

beforeAll(async () => {
  sandbox = await startInngestEventSandbox({ eventKey: EVENT_KEY });
  let databaseUrl = "memory://";
  if (process.env.TEST_DATABASE_URL) {
    // the deploy step: `npm run db:migrate` before the first cold start
    const fresh = await freshPostgresDatabase(process.env.TEST_DATABASE_URL);
    dropDb = fresh.drop;
    const database = await openDatabase(fresh.url);
    await migrate(database);
    await seedTestAirports(database.db);
    await database.close();
    databaseUrl = fresh.url;
  }
  await startChild({
    DATABASE_URL: databaseUrl,
    PGLITE_IN_PROCESS: "1",
    INNGEST_EVENT_KEY: EVENT_KEY,
    INNGEST_SIGNING_KEY: "signkey-test-0123456789abcdef",
    INNGEST_BASE_URL: sandbox.url,
    INNGEST_DEV: "0",
    LOG_LEVEL: "error",
  });
}, 120_000);

afterAll(async () => {
  if (child && child.exitCode === null && child.signalCode === null) {
    const gone = new Promise((r) => child.once("exit", r));
    child.kill("SIGKILL");
    await gone;
  }
  await sandbox?.close();
  await dropDb?.();
});

type OutboxRow = { id: string; name: string; status: string; dispatchedAt: string | null };
const outbox = async (): Promise<OutboxRow[]> => (await fetch(`${base}/outbox`)).json();

/** POST /api/v1/cases, the child frozen as soon as the response is in; answers the status, the body and the events at the sandbox while frozen. */
async function createCaseThenFreeze(token: string) {
  const res = await fetch(`${base}/api/v1/cases`, { method: "POST", headers: { authorization: `Bearer ${token}`, "content-type": "application/json" }, body: JSON.stringify(casePayload()) });
  const body = await res.json();
  child.kill("SIGSTOP");
  try {
    // frozen: what the sandbox holds now is all the request sent; give a late sender every chance to show
    await new Promise((r) => setTimeout(r, 300));
    return { status: res.status, body, atSandbox: sandbox.events.map((e) => ({ ...e })) };
  } finally {
    child.kill("SIGCONT");
  }
}

describe("inngest mode, serverless: events leave with the request", () => {
  it("boots without a timer, a runner or a dispatcher loop", () => {
    expect(timers).toEqual([]);
  });

  it("every event a request wrote is at Inngest when its response is in, and the outbox says SENT", async () => {
    const token = (await mintToken({ tenant: TENANT, roles: ["ADMIN"], airports: ["*"] })).token;
    const urns: string[] = [];
    for (let i = 0; i < 3; i++) {
      const { status, body, atSandbox } = await createCaseThenFreeze(token);
      expect(status).toBe(201);
      urns.push(body.urn);
      expect(atSandbox.filter((e) => e.name === "case/created").map((e) => e.data.caseUrn)).toEqual(urns);
    }
    const rows = await outbox();
    expect(rows.length).toBeGreaterThanOrEqual(3);
    const sentIds = new Set(sandbox.events.map((e) => e.id));
    for (const row of rows) {
      expect(row).toMatchObject({ status: "SENT" });
      expect(row.dispatchedAt).not.toBeNull();
      expect(sentIds.has(row.id), `${row.name} ${row.id} at the sandbox`).toBe(true);
    }
    expect(sandbox.events.every((e) => e.data.tenant === TENANT)).toBe(true);
  });

  it("with the event API down the request still succeeds and leaves its events in the outbox", async () => {
    const token = (await mintToken({ tenant: TENANT, roles: ["ADMIN"], airports: ["*"] })).token;
    // the SDK tries 5 times within the request
    sandbox.failNext(5);
    const before = sandbox.events.length;
    const { status, body, atSandbox } = await createCaseThenFreeze(token);
    expect(status).toBe(201);
    expect(atSandbox).toHaveLength(before);
    const left = (await outbox()).filter((r) => r.dispatchedAt === null);
    expect(left.map((r) => r.name)).toContain("case/created");
    expect(left.every((r) => r.status === "PENDING")).toBe(true);
    expect(body.urn).toMatch(/^urn:/);
  });
});
