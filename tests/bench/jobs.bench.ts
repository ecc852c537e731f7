/**
 * `npm run bench:jobs`: the embedded runner's overhead. A 3-step job (trivial steps, so what is
 * measured is claiming, replay and step writes) on in-memory PGlite, then on PostgreSQL (a scratch
 * database is created and dropped) when BENCH_DATABASE_URL names a server or, unset, when
 * postgres://postgres@127.0.0.1:5432/postgres answers. Asserts nothing.
 *   (no flag)         a human-readable table per database; BENCH_EVENTS sets the burst size (default 500)
 *   --json            one JSON line per database, PGlite first, PostgreSQL last:
 *                     {database, runs, runsPerSecond, claimMs: {"1000","10000","100000"}, idleCpuPercent, retention}
 *                     retention: ten meltdowns with retention on (tests/bench/job-retention.ts):
 *                     {claimP50MsFirst, claimP99MsFirst, claimP50MsTenth, claimP99MsTenth, rowsFirst, rowsTenth, …};
 *                     BENCH_RETENTION_RUNS sets the runs per meltdown (default 8000: ~40,000 job rows)
 *   --retention-only  with --json: only the retention figures, {database, retention}
 *   --database pglite|postgres   only that one
 */
import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import pg from "pg";
import { migrate, openDatabase, type Database } from "@/db/client";
import { jobEvents, jobRuns } from "@/db/schema";
import type { z } from "zod";
import { eventCatalogue } from "@/lib/events/catalogue";
import { jobFactory } from "@/lib/jobs/define";
import { claimRuns } from "@/lib/jobs/claim";
import { createRunner } from "@/lib/jobs/runner";
import { wakeDispatcher } from "@/lib/outbox/wake";
import { newId } from "@/lib/ids";
import { retentionFigures } from "./job-retention";

process.env.LOG_LEVEL ??= "warn";
const EVENTS = Number(process.env.BENCH_EVENTS || 500);

// the bench's own event besides the catalogue's
const defineBenchJob = jobFactory(
  eventCatalogue as typeof eventCatalogue &
    Record<"bench/three-steps", z.ZodType<{ n: number }>>,
);
const threeSteps = defineBenchJob({
  id: "bench-three-steps",
  event: "bench/three-steps",
  handler: async ({ event, step }) => {
    const a = await step.run("load", () => ({ n: Number(event.data.n) }));
    const b = await step.run("compute", () => a.n * 2);
    return step.run("store", () => ({ n: a.n, doubled: b }));
  },
});

type Scenario = {
  name: string;
  events: number;
  concurrency: number;
  workers: number;
  ratePerSec?: number;
};

async function scenario(database: Database, s: Scenario) {
  const { db } = database;
  await db.execute(sql`truncate job_events, job_runs, job_steps`);
  const runners = Array.from({ length: s.workers }, (_, i) =>
    createRunner({
      db,
      jobs: [threeSteps],
      concurrency: s.concurrency,
      workerId: `bench-${i}`,
    }),
  );
  runners.forEach((r) => r.start());
  const started = Date.now();
  if (s.ratePerSec) {
    // paced: each event in its own insert, as services emit them, below the runner's capacity
    for (let n = 0; n < s.events; n++) {
      await db
        .insert(jobEvents)
        .values({ id: newId(), name: "bench/three-steps", data: { n } });
      wakeDispatcher();
      await new Promise((r) => setTimeout(r, 1000 / s.ratePerSec!));
    }
  } else {
    const rows = Array.from({ length: s.events }, (_, n) => ({
      id: newId(),
      name: "bench/three-steps",
      data: { n },
    }));
    for (let i = 0; i < rows.length; i += 250)
      await db.insert(jobEvents).values(rows.slice(i, i + 250));
    wakeDispatcher();
  }
  for (;;) {
    const [{ done }] = await db
      .select({ done: sql<number>`count(*)`.mapWith(Number) })
      .from(jobRuns)
      .where(sql`${jobRuns.status} in ('COMPLETED', 'FAILED')`);
    if (done >= s.events) break;
    if (Date.now() - started > 600_000)
      throw new Error(
        `${s.name}: only ${done}/${s.events} runs finished in 10 min`,
      );
    await new Promise((r) => setTimeout(r, 25));
  }
  const elapsed = (Date.now() - started) / 1000;
  await Promise.all(runners.map((r) => r.stop()));

  const latencies = (
    await db
      .select({
        ms: sql<number>`extract(epoch from (${jobRuns.endedAt} - ${jobEvents.createdAt})) * 1000`.mapWith(
          Number,
        ),
      })
      .from(jobRuns)
      .innerJoin(jobEvents, sql`${jobEvents.id} = ${jobRuns.eventId}`)
  )
    .map((r) => r.ms)
    .sort((a, b) => a - b);
  const pct = (p: number) =>
    latencies[
      Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))
    ];
  const [{ failed }] = await db
    .select({ failed: sql<number>`count(*)`.mapWith(Number) })
    .from(jobRuns)
    .where(sql`${jobRuns.status} = 'FAILED'`);
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
  {
    name: `burst ${EVENTS}, 1 worker × 4`,
    events: EVENTS,
    concurrency: 4,
    workers: 1,
  },
  {
    name: `burst ${EVENTS}, 1 worker × 16`,
    events: EVENTS,
    concurrency: 16,
    workers: 1,
  },
  {
    name: "paced 100 at 20/s, 1 worker × 4",
    events: 100,
    concurrency: 4,
    workers: 1,
    ratePerSec: 20,
  },
];
const pgScenarios: Scenario[] = [
  ...scenarios,
  {
    name: `burst ${EVENTS}, 2 workers × 8`,
    events: EVENTS,
    concurrency: 8,
    workers: 2,
  },
];

// A concurrency-limited job whose one lane the claim bench saturates (1 running, a backlog due
// before everything else): a claim that reads that backlog grows with it.
const limited = defineBenchJob({
  id: "bench-limited",
  event: "bench/three-steps",
  concurrency: { limit: 1, key: '"saturated"' },
  handler: () => null,
});
const BACKLOGS = [1_000, 10_000, 100_000] as const;
const CLAIMS = 10;
const CLAIM_LIMIT = 32;

/** Inserts `n` queued runs in one statement: 90 % of the 3-step job, 10 % in the saturated lane, due earlier. */
async function insertBacklog(db: Database["db"], n: number) {
  const past = new Date(Date.now() - 60_000).toISOString();
  await db.execute(sql`insert into job_runs (id, function_id, event_id, event_name, event, status, max_attempts, concurrency_key, next_run_at${backlogColumns.names})
    select gen_random_uuid()::text, f.fn, 'e' || i, 'bench/three-steps', jsonb_build_object('id', 'e' || i, 'name', 'bench/three-steps', 'data', jsonb_build_object('n', i), 'ts', 0),
      'QUEUED', 4, f.key, f.at${backlogColumns.values}
    from generate_series(1, ${n}) as i,
      lateral (select case when i % 10 = 0 then 'bench-limited' else 'bench-three-steps' end as fn,
                      case when i % 10 = 0 then 'saturated' end as key,
                      ${past}::timestamptz + case when i % 10 = 0 then interval '0' else interval '1 second' end as at) f`);
  // the saturated lane's one running run, its lease alive
  await db.execute(sql`insert into job_runs (id, function_id, event_id, event_name, event, status, max_attempts, concurrency_key, next_run_at, locked_until, locked_by${backlogColumns.names})
    values (gen_random_uuid()::text, 'bench-limited', 'busy', 'bench/three-steps', '{"id":"busy","name":"bench/three-steps","data":{},"ts":0}', 'RUNNING', 4, 'saturated', ${past}::timestamptz,
      now() + interval '1 hour', 'elsewhere'${backlogColumns.busy})`);
  await db.execute(sql`analyze job_runs`);
}
/** the claim columns (lib/jobs/due.ts): due_at, and the saturated lane's name */
const backlogColumns = {
  names: sql`, priority, due_at, lane`,
  values: sql`, 0, f.at, case when f.key is not null then 'bench-limited|' || f.key end`,
  busy: sql`, 0, now(), 'bench-limited|saturated'`,
};

/** The mean time of one claim of CLAIM_LIMIT runs with `n` runs queued. */
async function claimMs(db: Database["db"], n: number): Promise<number> {
  await db.execute(sql`truncate job_events, job_runs, job_steps`);
  await insertBacklog(db, n);
  const jobs = new Map([threeSteps, limited].map((j) => [j.id, j]));
  const claim = () =>
    claimRuns(db, {
      jobs,
      workerId: "bench-claim",
      leaseMs: 30_000,
      now: new Date(),
      limit: CLAIM_LIMIT,
    });
  await claim(); // warm up plans and caches
  let total = 0;
  for (let i = 0; i < CLAIMS; i++) {
    const t = performance.now();
    const claimed = await claim();
    total += performance.now() - t;
    if (claimed.length !== CLAIM_LIMIT)
      throw new Error(
        `claim with ${n} queued took ${claimed.length} runs, not ${CLAIM_LIMIT}`,
      );
    if (claimed.some((c) => c.run.functionId === limited.id))
      throw new Error("a claim took a run of the saturated lane");
  }
  return Math.round((total / CLAIMS) * 100) / 100;
}

/** process CPU over ~5 s with a runner started and nothing due, as a share of one core. */
async function idleCpuPercent(db: Database["db"]): Promise<number> {
  await db.execute(sql`truncate job_events, job_runs, job_steps`);
  const runner = createRunner({
    db,
    jobs: [threeSteps, limited],
    concurrency: 32,
  });
  runner.start();
  await new Promise((r) => setTimeout(r, 1_000));
  const cpu = process.cpuUsage();
  const t = performance.now();
  await new Promise((r) => setTimeout(r, 5_000));
  const used = process.cpuUsage(cpu);
  const wall = performance.now() - t;
  await runner.stop();
  return (
    Math.round(((used.user + used.system) / 1000 / wall) * 100 * 100) / 100
  );
}

const RETENTION_RUNS = Number(process.env.BENCH_RETENTION_RUNS || 8_000);

async function jsonLine(database: Database, name: "pglite" | "postgres") {
  if (retentionOnly) return { database: name, retention: await retentionFigures(database, threeSteps, RETENTION_RUNS) };
  const runs = Number(process.env.BENCH_EVENTS || 3_000);
  const burst = await scenario(database, {
    name: "burst",
    events: runs,
    concurrency: 32,
    workers: 1,
  });
  const claims: Record<string, number> = {};
  for (const n of BACKLOGS) claims[String(n)] = await claimMs(database.db, n);
  const idle = await idleCpuPercent(database.db);
  const retention = await retentionFigures(database, threeSteps, RETENTION_RUNS);
  return {
    database: name,
    runs,
    runsPerSecond: burst["runs/s"],
    claimMs: claims,
    idleCpuPercent: idle,
    retention,
  };
}

async function onPglite<T>(
  body: (database: Database) => Promise<T>,
): Promise<T> {
  const database = await openDatabase("memory://");
  try {
    await migrate(database);
    return await body(database);
  } finally {
    await database.close();
  }
}

async function onPostgres<T>(
  serverUrl: string,
  body: (database: Database) => Promise<T>,
): Promise<T> {
  const name = `das_bench_${crypto.randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase(url.toString());
  try {
    await migrate(database);
    return await body(database);
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

/** BENCH_DATABASE_URL, else the local server when it answers within a second. */
async function postgresUrl(): Promise<string | undefined> {
  if (process.env.BENCH_DATABASE_URL) return process.env.BENCH_DATABASE_URL;
  const local = "postgres://postgres@127.0.0.1:5432/postgres";
  const client = new pg.Client({
    connectionString: local,
    connectionTimeoutMillis: 1_000,
  });
  try {
    await client.connect();
    await client.end();
    return local;
  } catch {
    return undefined;
  }
}

const args = process.argv.slice(2);
const json = args.includes("--json");
const retentionOnly = args.includes("--retention-only");
const only = args.includes("--database")
  ? args[args.indexOf("--database") + 1]
  : undefined;
if (only && only !== "pglite" && only !== "postgres")
  throw new Error(`--database ${only}: give pglite or postgres`);
const serverUrl = only === "pglite" ? undefined : await postgresUrl();
if (only === "postgres" && !serverUrl)
  throw new Error("--database postgres: no server (set BENCH_DATABASE_URL)");

if (!json)
  console.log(`embedded job runner, 3-step job, node ${process.version}`);
if (only !== "postgres") {
  if (json)
    console.log(JSON.stringify(await onPglite((d) => jsonLine(d, "pglite"))));
  else {
    console.log("\nPGlite (in memory)");
    console.table(
      await onPglite(async (d) => {
        const rows = [];
        for (const s of scenarios) rows.push(await scenario(d, s));
        return rows;
      }),
    );
  }
}
if (serverUrl) {
  if (json)
    console.log(
      JSON.stringify(
        await onPostgres(serverUrl, (d) => jsonLine(d, "postgres")),
      ),
    );
  else {
    console.log(`\nPostgreSQL (${new URL(serverUrl).host})`);
    console.table(
      await onPostgres(serverUrl, async (d) => {
        const rows = [];
        for (const s of pgScenarios) rows.push(await scenario(d, s));
        return rows;
      }),
    );
  }
}
