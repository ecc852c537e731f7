/**
 * `npm run bench:jobs`: the embedded runner's overhead. A 3-step job (trivial steps, so what is
 * measured is claiming, replay and step writes) on in-memory PGlite, and on PostgreSQL when
 * BENCH_DATABASE_URL names a server (a scratch database is created and dropped). Prints figures;
 * asserts nothing. BENCH_EVENTS sets the burst size (default 500).
 */
import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import pg from "pg";
import { migrate, openDatabase, type Database } from "@/db/client";
import { jobEvents, jobRuns } from "@/db/schema";
import type { z } from "zod";
import { eventCatalogue } from "@/lib/events/catalogue";
import { jobFactory } from "@/lib/jobs/define";
import { createRunner } from "@/lib/jobs/runner";
import { wakeDispatcher } from "@/lib/jobs/wake";
import { newId } from "@/lib/ids";

process.env.LOG_LEVEL ??= "warn";
const EVENTS = Number(process.env.BENCH_EVENTS || 500);

// the bench's own event besides the catalogue's
const defineBenchJob = jobFactory(eventCatalogue as typeof eventCatalogue & Record<"bench/three-steps", z.ZodType<{ n: number }>>);
const threeSteps = defineBenchJob({
  id: "bench-three-steps",
  event: "bench/three-steps",
  handler: async ({ event, step }) => {
    const a = await step.run("load", () => ({ n: Number(event.data.n) }));
    const b = await step.run("compute", () => a.n * 2);
    return step.run("store", () => ({ n: a.n, doubled: b }));
  },
});

type Scenario = { name: string; events: number; concurrency: number; workers: number; ratePerSec?: number };

async function scenario(database: Database, s: Scenario) {
  const { db } = database;
  await db.execute(sql`truncate job_events, job_runs, job_steps`);
  const runners = Array.from({ length: s.workers }, (_, i) =>
    createRunner({ db, jobs: [threeSteps], concurrency: s.concurrency, workerId: `bench-${i}` }),
  );
  runners.forEach((r) => r.start());
  const started = Date.now();
  if (s.ratePerSec) {
    // paced: each event in its own insert, as services emit them, below the runner's capacity
    for (let n = 0; n < s.events; n++) {
      await db.insert(jobEvents).values({ id: newId(), name: "bench/three-steps", data: { n } });
      wakeDispatcher();
      await new Promise((r) => setTimeout(r, 1000 / s.ratePerSec!));
    }
  } else {
    const rows = Array.from({ length: s.events }, (_, n) => ({ id: newId(), name: "bench/three-steps", data: { n } }));
    for (let i = 0; i < rows.length; i += 250) await db.insert(jobEvents).values(rows.slice(i, i + 250));
    wakeDispatcher();
  }
  for (;;) {
    const [{ done }] = await db
      .select({ done: sql<number>`count(*)`.mapWith(Number) })
      .from(jobRuns)
      .where(sql`${jobRuns.status} in ('COMPLETED', 'FAILED')`);
    if (done >= s.events) break;
    if (Date.now() - started > 600_000) throw new Error(`${s.name}: only ${done}/${s.events} runs finished in 10 min`);
    await new Promise((r) => setTimeout(r, 25));
  }
  const elapsed = (Date.now() - started) / 1000;
  await Promise.all(runners.map((r) => r.stop()));

  const latencies = (
    await db
      .select({ ms: sql<number>`extract(epoch from (${jobRuns.endedAt} - ${jobEvents.createdAt})) * 1000`.mapWith(Number) })
      .from(jobRuns)
      .innerJoin(jobEvents, sql`${jobEvents.id} = ${jobRuns.eventId}`)
  ).map((r) => r.ms).sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))];
  const [{ failed }] = await db.select({ failed: sql<number>`count(*)`.mapWith(Number) }).from(jobRuns).where(sql`${jobRuns.status} = 'FAILED'`);
  return {
    scenario: s.name,
    runs: latencies.length,
    failed,
    "runs/s": Math.round((s.events / elapsed) * 10) / 10,
    "steps/s": Math.round((3 * s.events) / elapsed),
    "p50 ms": Math.round(pct(50)),
    "p95 ms": Math.round(pct(95)),
    "max ms": Math.round(latencies[latencies.length - 1]),
  };
}

const scenarios: Scenario[] = [
  { name: `burst ${EVENTS}, 1 worker × 4`, events: EVENTS, concurrency: 4, workers: 1 },
  { name: `burst ${EVENTS}, 1 worker × 16`, events: EVENTS, concurrency: 16, workers: 1 },
  { name: "paced 100 at 20/s, 1 worker × 4", events: 100, concurrency: 4, workers: 1, ratePerSec: 20 },
];
const pgScenarios: Scenario[] = [...scenarios, { name: `burst ${EVENTS}, 2 workers × 8`, events: EVENTS, concurrency: 8, workers: 2 }];

async function onPglite() {
  const database = await openDatabase("memory://");
  try {
    await migrate(database);
    const rows = [];
    for (const s of scenarios) rows.push(await scenario(database, s));
    return rows;
  } finally {
    await database.close();
  }
}

async function onPostgres(serverUrl: string) {
  const name = `das_bench_${crypto.randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase(url.toString());
  try {
    await migrate(database);
    const rows = [];
    for (const s of pgScenarios) rows.push(await scenario(database, s));
    return rows;
  } finally {
    await database.close();
    // pool.end() resolves before its sockets close; dropping "with (force)" then would kill them
    // and crash the process with an unhandled pool error, so wait for them to go
    for (let i = 0; ; i++) {
      try {
        await admin.query(`drop database if exists ${name}`);
        break;
      } catch (err) {
        if (i >= 50) throw err;
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    await admin.end();
  }
}

console.log(`embedded job runner, 3-step job, node ${process.version}`);
console.log("\nPGlite (in memory)");
console.table(await onPglite());
if (process.env.BENCH_DATABASE_URL) {
  console.log(`\nPostgreSQL (${new URL(process.env.BENCH_DATABASE_URL).host})`);
  console.table(await onPostgres(process.env.BENCH_DATABASE_URL));
}
