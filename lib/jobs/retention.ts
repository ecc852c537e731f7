import { sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { rowsOf } from "@/db/rows";

/**
 * Retention of the job tables (issue 30): finished runs, their steps, the events they came from and
 * the idempotency keys of their effects go once they are older than the retention age. What is
 * kept, and why, is written down in docs/job-engine.md ("Retention"); in short:
 *
 * - a run goes only when finished (COMPLETED, FAILED, CANCELLED) and ended before the cutoff: a
 *   finished run is never executed again, so nothing replays its steps;
 * - an event goes only once dispatched (or sent to Inngest) before the cutoff and when no run it
 *   started is still stored: an undispatched event is the outbox's work, and a stored run's page
 *   shows its event;
 * - an effect's key goes only when written before the cutoff and the run it names is not an
 *   unfinished run here; a key that names no run goes only when older than every unfinished run,
 *   since any of those might be the one whose replay it guards.
 *
 * Every statement touches at most `batch` rows and every transaction is one batch, so a pass
 * holds its locks for milliseconds: claims, which lock only waiting and running runs, never wait
 * on it, and on PGlite (one connection) they get their turn between batches.
 */
export const FINISHED = ["COMPLETED", "FAILED", "CANCELLED"] as const;
export const UNFINISHED = ["QUEUED", "RUNNING", "SLEEPING", "RETRYING"] as const;

export type PurgeOptions = {
  /** the time the age is counted from: the runner's clock (a cron tick's time) */
  now: Date;
  retentionDays: number;
  /** rows per statement */
  batch?: number;
  /** stop after this many transactions (a job step's share of a long pass); unlimited by default */
  maxBatches?: number;
  /** called inside each batch of runs, its locks held, before it commits (tests act there) */
  duringRunBatch?: () => Promise<void>;
};

export type PurgeResult = {
  runs: number;
  steps: number;
  events: number;
  effects: number;
  /** transactions committed */
  batches: number;
  /** the most rows one statement deleted */
  largestStatement: number;
  /** false when maxBatches stopped the pass with work left */
  done: boolean;
};

export const DEFAULT_BATCH = 200;
const list = (values: readonly string[]) => sql.join(values.map((v) => sql`${v}`), sql`, `);

/** The instant before which finished work may go. */
export function retentionCutoff(now: Date, retentionDays: number): Date {
  return new Date(now.getTime() - retentionDays * 86_400_000);
}


/**
 * One batch of runs: up to `batch` finished runs ended before the cutoff, oldest end first, locked
 * (skipping any another pass holds); up to `batch` of their steps deleted; the runs left with no
 * step deleted. A run with more steps than a batch loses them over several batches and goes in the
 * batch that takes its last step.
 */
async function purgeRunBatch(db: Db, cutoff: Date, batch: number, during?: () => Promise<void>) {
  return db.transaction(async (tx) => {
    const picked = rowsOf<{ id: string }>(
      await tx.execute(sql`select id from job_runs
        where status in (${list(FINISHED)}) and ended_at < ${cutoff.toISOString()}::timestamptz
        order by ended_at limit ${batch} for update skip locked`),
    ).map((r) => r.id);
    if (picked.length === 0) return { picked: 0, steps: 0, runs: 0 };
    const ids = sql`array[${list(picked)}]::text[]`;
    const steps = rowsOf<unknown>(
      await tx.execute(sql`delete from job_steps where (run_id, step_id) in (
        select run_id, step_id from job_steps where run_id = any(${ids}) limit ${batch}) returning 1`),
    ).length;
    const runs = rowsOf<unknown>(
      await tx.execute(sql`delete from job_runs r where r.id = any(${ids})
        and not exists (select 1 from job_steps s where s.run_id = r.id) returning 1`),
    ).length;
    await during?.();
    return { picked: picked.length, steps, runs };
  });
}

/** One batch of events: dispatched before the cutoff, no stored run started by them. */
async function purgeEventBatch(db: Db, cutoff: Date, batch: number): Promise<number> {
  return db.transaction(async (tx) =>
    rowsOf<unknown>(
      await tx.execute(sql`delete from job_events where id in (
        select e.id from job_events e
        where e.dispatched_at < ${cutoff.toISOString()}::timestamptz
          and not exists (select 1 from job_runs r where r.event_id = e.id)
        order by e.dispatched_at limit ${batch} for update skip locked) returning 1`),
    ).length,
  );
}

/**
 * One batch of effect keys written before the cutoff whose run is not unfinished here (a finished
 * run never replays; an Inngest run's key is needed only while Inngest retries the step that wrote
 * it, minutes to hours, and the age is at least a day); a key naming no run also older than
 * `horizon`, the creation of the oldest unfinished run, any of which might be the one it guards.
 */
async function purgeEffectBatch(db: Db, cutoff: Date, batch: number): Promise<number> {
  return db.transaction(async (tx) =>
    rowsOf<unknown>(
      await tx.execute(sql`with horizon as (select min(created_at) as at from job_runs where status in (${list(UNFINISHED)}))
        delete from job_effects where key in (
        select f.key from job_effects f, horizon
        where f.created_at < ${cutoff.toISOString()}::timestamptz
          and not exists (select 1 from job_runs r where r.id = f.run_id and r.status in (${list(UNFINISHED)}))
          and (f.run_id is not null or horizon.at is null or f.created_at < horizon.at)
        order by f.created_at limit ${batch} for update skip locked) returning 1`),
    ).length,
  );
}

async function anyEffectBefore(db: Db, cutoff: Date): Promise<boolean> {
  return rowsOf<unknown>(await db.execute(sql`select 1 from job_effects where created_at < ${cutoff.toISOString()}::timestamptz limit 1`)).length > 0;
}

/**
 * A retention pass: runs (with their steps) first, so the events and effects they held become
 * free in the same pass, then events, then effects, each in batches until none is left or
 * `maxBatches` transactions have run.
 */
export async function purgeFinishedJobs(db: Db, o: PurgeOptions): Promise<PurgeResult> {
  const batch = Math.max(1, o.batch ?? DEFAULT_BATCH);
  const cutoff = retentionCutoff(o.now, o.retentionDays);
  const budget = o.maxBatches ?? Number.POSITIVE_INFINITY;
  const r: PurgeResult = { runs: 0, steps: 0, events: 0, effects: 0, batches: 0, largestStatement: 0, done: false };
  const count = (n: number) => {
    r.batches++;
    r.largestStatement = Math.max(r.largestStatement, n);
  };

  while (r.batches < budget) {
    const b = await purgeRunBatch(db, cutoff, batch, o.duringRunBatch);
    if (b.picked === 0) break;
    count(Math.max(b.steps, b.runs));
    r.steps += b.steps;
    r.runs += b.runs;
  }
  for (const [purge, key] of [
    [purgeEventBatch, "events"],
    [purgeEffectBatch, "effects"],
  ] as const) {
    // the effects' statement reads the oldest unfinished run: not paid for when no key is old enough
    if (key === "effects" && !(await anyEffectBefore(db, cutoff))) continue;
    while (r.batches < budget) {
      const n = await purge(db, cutoff, batch);
      if (n === 0) break;
      count(n);
      r[key] += n;
      if (n < batch) break;
    }
  }
  r.done = r.batches < budget;
  return r;
}

/**
 * VACUUM of the tables a pass deleted from, one statement per table, so the next nights reuse the
 * space of the deleted rows. PGlite has no autovacuum: without this its tables' rows stayed flat
 * over the bench's ten meltdowns and their bytes still grew tenfold. On PostgreSQL autovacuum would
 * come, but later than the next night (the bench's scratch database grew tenfold too); a plain
 * VACUUM takes no lock that reads or writes wait for. PGlite's one connection serves nothing else
 * meanwhile: one table at a time, so claims get their turn between them.
 */
export async function vacuumJobTables(db: Db, pass: Pick<PurgeResult, "runs" | "steps" | "events" | "effects">): Promise<string[]> {
  const tables = [
    ["job_steps", pass.steps],
    ["job_runs", pass.runs],
    ["job_events", pass.events],
    ["job_effects", pass.effects],
  ] as const;
  const done: string[] = [];
  for (const [table, deleted] of tables) {
    if (deleted === 0) continue;
    await db.execute(sql`vacuum ${sql.identifier(table)}`);
    done.push(table);
  }
  return done;
}
