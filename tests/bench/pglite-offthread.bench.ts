/**
 * `npx tsx tests/bench/pglite-offthread.bench.ts [--json] [--seconds 8] [--only inprocess|worker|socket]`:
 * the embedded database where it runs, three ways, on a file-backed data directory:
 *   inprocess  PGlite on the web process's main thread (the server before issue 17),
 *   worker     PGlite on a worker thread behind a message channel (tests/bench/pglite-thread.ts), drizzle's PGlite driver,
 *   socket     PGlite in a child process serving the wire protocol on a Unix socket (db/pglite-child.ts,
 *              the server's way since issue 17), node-postgres with one connection, drizzle's node-postgres driver.
 * Per way: latency of a simple read by primary key and of a 10-statement transaction (idle), then,
 * while 8 writers run transactions of 50-row inserts and updates for --seconds, the main thread's
 * event-loop delay (perf_hooks.monitorEventLoopDelay p50/p99/max), the lateness of a 10 ms timer and
 * the latency of a reader asking every 50 ms. Each way runs in its own process.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { eq, sql } from "drizzle-orm";
import { integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { openDatabase } from "@/db/client";
import { PgliteThread } from "./pglite-thread";

const args = process.argv.slice(2);
const opt = (name: string, fallback: string) => (args.includes(`--${name}`) ? args[args.indexOf(`--${name}`) + 1] : fallback);
const JSON_OUT = args.includes("--json");
const SECONDS = Number(opt("seconds", "8"));
const MODES = ["inprocess", "worker", "socket"] as const;
type Mode = (typeof MODES)[number];

const items = pgTable("items", {
  id: serial("id").primaryKey(),
  k: integer("k").notNull(),
  note: text("note").notNull(),
  payload: jsonb("payload").notNull(),
  at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
});
type Db = PgDatabase<PgQueryResultHKT>;

async function open(mode: Mode, dir: string): Promise<{ db: Db; close: () => Promise<void> }> {
  if (mode === "worker") {
    const { drizzle } = await import("drizzle-orm/pglite");
    const thread = await PgliteThread.open(dir);
    return { db: drizzle({ client: thread as never }) as unknown as Db, close: () => thread.close() };
  }
  // the server's two ways as db/client.ts opens them
  const database = await openDatabase(`file://${dir}`, { ownProcess: mode === "socket" });
  return { db: database.db as unknown as Db, close: database.close };
}

const q = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))] ?? 0;
const r2 = (n: number) => Math.round(n * 100) / 100;
const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return { p50: r2(q(s, 0.5)), p99: r2(q(s, 0.99)), max: r2(s[s.length - 1] ?? 0) };
};
const timed = async (fn: () => Promise<unknown>) => {
  const t = performance.now();
  await fn();
  return performance.now() - t;
};

async function tenStatements(db: Db, n: number) {
  await db.transaction(async (tx) => {
    for (let i = 0; i < 3; i++) await tx.select().from(items).where(eq(items.id, 1 + ((n * 7 + i) % 20_000)));
    await tx.select().from(items).where(eq(items.k, n % 100)).limit(10);
    for (let i = 0; i < 5; i++) await tx.insert(items).values({ k: n % 100, note: `tx ${n}.${i}`, payload: { n, i } });
    await tx.update(items).set({ note: `touched ${n}` }).where(eq(items.id, 1 + (n % 20_000)));
  });
}

async function heavyWrite(db: Db, n: number) {
  await db.transaction(async (tx) => {
    const rows = Array.from({ length: 50 }, (_, i) => ({ k: (n + i) % 100, note: `write ${n}.${i} ${"x".repeat(200)}`, payload: { n, i, tags: ["a", "b", "c"] } }));
    await tx.insert(items).values(rows);
    await tx.update(items).set({ note: sql`${items.note} || '.'` }).where(eq(items.k, n % 100));
    await tx.execute(sql`select count(*) from items where k = ${n % 100}`);
  });
}

async function measure(mode: Mode) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `pglite-${mode}-`));
  const openedAt = performance.now();
  const { db, close } = await open(mode, dir);
  const openMs = performance.now() - openedAt;
  await db.execute(sql`create table items (id serial primary key, k int not null, note text not null, payload jsonb not null, at timestamptz not null default now())`);
  await db.execute(sql`create index items_k on items (k)`);
  await db.execute(sql`insert into items (k, note, payload) select g % 100, 'row ' || g, jsonb_build_object('g', g) from generate_series(1, 20000) g`);

  const reads: number[] = [];
  for (let i = 0; i < 2000; i++) reads.push(await timed(() => db.select().from(items).where(eq(items.id, 1 + ((i * 7919) % 20_000)))));
  const txs: number[] = [];
  for (let i = 0; i < 300; i++) txs.push(await timed(() => tenStatements(db, i)));

  // the point: how late the main thread answers while writers keep the database busy
  const eld = monitorEventLoopDelay({ resolution: 5 });
  const lateness: number[] = [];
  const readerLatency: number[] = [];
  let writes = 0;
  let stop = false;
  const until = Date.now() + SECONDS * 1000;
  eld.enable();
  let expected = performance.now() + 10;
  const tick = setInterval(() => {
    const now = performance.now();
    lateness.push(Math.max(0, now - expected));
    expected = now + 10;
  }, 10);
  const tickEnd = () => lateness.push(Math.max(0, performance.now() - expected));
  const reader = (async () => {
    for (let i = 0; !stop; i++) {
      readerLatency.push(await timed(() => db.select().from(items).where(eq(items.id, 1 + ((i * 31) % 20_000)))));
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  const writers = Array.from({ length: 8 }, async (_, w) => {
    for (let n = w; Date.now() < until; n += 8) {
      await heavyWrite(db, n);
      writes++;
    }
  });
  await Promise.all(writers);
  stop = true;
  await reader;
  tickEnd();
  clearInterval(tick);
  eld.disable();
  const ms = (ns: number) => r2(ns / 1e6);
  await close();
  fs.rmSync(dir, { recursive: true, force: true });
  return {
    mode,
    openMs: r2(openMs),
    readMs: stats(reads),
    tx10Ms: stats(txs),
    underLoad: {
      writeTxPerSecond: r2(writes / SECONDS),
      // a loop that never reaches its timers takes no samples: then the timer's lateness tells
      eventLoopDelayMs: { samples: eld.count, p50: ms(eld.percentile(50)), p99: ms(eld.percentile(99)), max: ms(eld.max) },
      timerLatenessMs: stats(lateness),
      readerMs: stats(readerLatency),
    },
  };
}

const only = opt("only", "");
if (only) {
  console.log(JSON.stringify(await measure(only as Mode)));
  process.exit(0);
}
const results = [];
for (const mode of MODES) {
  const run = spawnSync(process.execPath, [path.join("node_modules", "tsx", "dist", "cli.mjs"), process.argv[1], "--only", mode, "--seconds", String(SECONDS)], { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] });
  const line = run.stdout.trim().split("\n").pop()!;
  const result = JSON.parse(line);
  results.push(result);
  if (JSON_OUT) console.log(line);
}
if (!JSON_OUT) {
  console.log(`load: ${os.loadavg().map((l) => l.toFixed(2)).join(" ")} (${os.cpus().length} cores)`);
  console.table(
    results.map((r) => ({
      mode: r.mode,
      "read p50/p99 ms": `${r.readMs.p50} / ${r.readMs.p99}`,
      "10-stmt tx p50/p99 ms": `${r.tx10Ms.p50} / ${r.tx10Ms.p99}`,
      "writes tx/s": r.underLoad.writeTxPerSecond,
      "loop delay p50/p99/max ms": `${r.underLoad.eventLoopDelayMs.p50} / ${r.underLoad.eventLoopDelayMs.p99} / ${r.underLoad.eventLoopDelayMs.max}`,
      "10ms timer late p99/max": `${r.underLoad.timerLatenessMs.p99} / ${r.underLoad.timerLatenessMs.max}`,
      "reader p50/p99 ms": `${r.underLoad.readerMs.p50} / ${r.underLoad.readerMs.p99}`,
    })),
  );
}
