import { sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { jobEvents } from "@/db/schema";
import { claimRuns } from "@/lib/jobs/claim";
import { manualClock } from "@/lib/jobs/clock";
import type { AnyJob } from "@/lib/jobs/define";
import { dispatchEvents } from "@/lib/jobs/dispatch";
import { purgeFinishedJobs, vacuumJobTables } from "@/lib/jobs/retention";
import { newId } from "@/lib/ids";

/**
 * bench:jobs' retention run (issue 30): ten meltdowns, each `runs` runs of a 3-step job made from
 * outbox events, claimed 32 at a time and finished as the runner ends them (status, end time and
 * three step rows in one statement): per run an event, a run and three steps, so 8,000 runs are a
 * hub meltdown's ~40,000 job rows. Between two meltdowns the injected clock moves GAP_DAYS (past
 * the 14-day retention age) and a retention pass runs, as the hourly job would (with its VACUUM;
 * the pass's time includes it). Reported: the
 * first and tenth meltdown's claim time (p50, p99 of its claims), and the job tables' rows and bytes
 * once each is finished; and the rows the tenth would find without retention.
 */
const RETENTION_DAYS = 14;
const GAP_DAYS = 15;
const DAY = 86_400_000;
const CLAIM_LIMIT = 32;
const TABLES = ["job_runs", "job_steps", "job_events", "job_effects"] as const;

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;
const round = (n: number) => Math.round(n * 100) / 100;
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

async function tableRows(db: Database["db"]): Promise<{ rows: number; bytes: number }> {
  const [r] = rowsOf<{ rows: number; bytes: number }>(
    await db.execute(sql.raw(`select (${TABLES.map((t) => `(select count(*) from ${t})`).join(" + ")})::int as rows,
      (${TABLES.map((t) => `pg_total_relation_size('${t}')`).join(" + ")})::bigint as bytes`)),
  );
  return { rows: Number(r.rows), bytes: Number(r.bytes) };
}

export type RetentionFigures = {
  meltdowns: number;
  runsPerMeltdown: number;
  gapDays: number;
  retentionDays: number;
  claimP50MsFirst: number;
  claimP99MsFirst: number;
  claimP50MsTenth: number;
  claimP99MsTenth: number;
  rowsFirst: number;
  rowsTenth: number;
  rowsTenthWithoutRetention: number;
  bytesFirst: number;
  bytesTenth: number;
  /** the longest retention pass, and the rows it deleted */
  purgeMsMax: number;
  purgedRowsMax: number;
};

export async function retentionFigures(database: Database, job: AnyJob, runs: number, meltdowns = 10): Promise<RetentionFigures> {
  const { db } = database;
  await db.execute(sql`truncate job_events, job_runs, job_steps, job_effects`);
  const clock = manualClock(Date.now());
  const jobs = new Map([[job.id, job]]);
  const nights: { p50: number; p99: number; rows: number; bytes: number }[] = [];
  let purgedTotal = 0;
  let purgeMsMax = 0;
  let purgedRowsMax = 0;
  for (let m = 0; m < meltdowns; m++) {
    if (m > 0) {
      clock.advance(GAP_DAYS * DAY);
      const t = performance.now();
      const pass = await purgeFinishedJobs(db, { now: new Date(clock.now()), retentionDays: RETENTION_DAYS });
      // as the retention job does (lib/jobs/retention.ts says why)
      await vacuumJobTables(db, pass);
      const rows = pass.runs + pass.steps + pass.events + pass.effects;
      purgedTotal += rows;
      purgedRowsMax = Math.max(purgedRowsMax, rows);
      purgeMsMax = Math.max(purgeMsMax, performance.now() - t);
    }
    const now = () => new Date(clock.now());
    const events = Array.from({ length: runs }, (_, n) => ({ id: newId(), name: job.event!, data: { n } }));
    for (let i = 0; i < events.length; i += 500) await db.insert(jobEvents).values(events.slice(i, i + 500));
    await dispatchEvents(db, [job], now());
    await db.execute(sql`analyze job_runs`);
    const claims: number[] = [];
    for (;;) {
      const t = performance.now();
      const claimed = await claimRuns(db, { jobs, workerId: "bench-retention", leaseMs: 30_000, now: now(), limit: CLAIM_LIMIT });
      if (claimed.length === 0) break;
      claims.push(performance.now() - t);
      const ids = sql`array[${sql.join(claimed.map((c) => sql`${c.run.id}`), sql`, `)}]::text[]`;
      const at = now().toISOString();
      await db.execute(sql`with done as (
          update job_runs set status = 'COMPLETED', output = '{"doubled":2}'::jsonb, ended_at = ${at}::timestamptz, locked_by = null, locked_until = null
          where id = any(${ids}) returning id)
        insert into job_steps (run_id, step_id, op, status, output, attempts, created_at)
        select done.id, s.step, 'run', 'COMPLETED', '1'::jsonb, 1, ${at}::timestamptz from done, unnest(array['load', 'compute', 'store']) as s(step)`);
    }
    claims.sort((a, b) => a - b);
    nights.push({ p50: pct(claims, 50), p99: pct(claims, 99), ...(await tableRows(db)) });
  }
  const first = nights[0];
  const tenth = nights[nights.length - 1];
  return {
    meltdowns,
    runsPerMeltdown: runs,
    gapDays: GAP_DAYS,
    retentionDays: RETENTION_DAYS,
    claimP50MsFirst: round(first.p50),
    claimP99MsFirst: round(first.p99),
    claimP50MsTenth: round(tenth.p50),
    claimP99MsTenth: round(tenth.p99),
    rowsFirst: first.rows,
    rowsTenth: tenth.rows,
    rowsTenthWithoutRetention: tenth.rows + purgedTotal,
    bytesFirst: first.bytes,
    bytesTenth: tenth.bytes,
    purgeMsMax: round(purgeMsMax),
    purgedRowsMax,
  };
}
