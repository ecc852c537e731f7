import { and, eq, inArray, lt, lte, ne, or, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "@/db/client";
import { jobEvents, jobRuns, type JobError, type JobRunRow } from "@/db/schema";
import type { AnyJob } from "./define";
import { failureEvent } from "./store";

export type ClaimOptions = {
  jobs: ReadonlyMap<string, AnyJob>;
  workerId: string;
  leaseMs: number;
  now: Date;
  limit: number;
};

const WAITING = ["QUEUED", "SLEEPING", "RETRYING"];
/** first key of our two-key advisory locks (the second is a hash of function and concurrency key) */
const CONCURRENCY_LOCK_CLASS = 72616002;

/** RUNNING runs of one function and key whose worker is alive: what a concurrency limit counts. */
function running(fn: string, key: string | null, now: Date) {
  return and(eq(jobRuns.functionId, fn), sql`${jobRuns.concurrencyKey} is not distinct from ${key}`, eq(jobRuns.status, "RUNNING"), sql`${jobRuns.lockedUntil} > ${now}`);
}

/** A claimed run; `fresh` when it never ran before, so it has no steps to load. */
export type Claimed = { run: JobRunRow; fresh: boolean };

/**
 * Claims up to `limit` due runs for this worker. Due: waiting with next_run_at passed, or RUNNING
 * with an expired lease (its worker died). FOR UPDATE SKIP LOCKED lets several workers claim at
 * once without taking the same row; on PGlite there is one connection and it changes nothing.
 */
export async function claimRuns(db: Db, o: ClaimOptions): Promise<Claimed[]> {
  const ids = [...o.jobs.keys()];
  if (ids.length === 0 || o.limit <= 0) return [];
  const limited = [...o.jobs.values()].filter((j) => j.concurrency);
  return db.transaction(async (tx) => {
    const due = or(and(inArray(jobRuns.status, WAITING), lte(jobRuns.nextRunAt, o.now)), and(eq(jobRuns.status, "RUNNING"), lt(jobRuns.lockedUntil, o.now)));
    // Leave out runs whose key is already at its limit, so a backlog on one key cannot fill the
    // window and starve other keys. The limit comes from the live definitions, not the row.
    const limitOf = sql`case ${jobRuns.functionId} ${sql.join(limited.map((j) => sql`when ${j.id} then ${j.concurrency!.limit}::int`), sql` `)} end`;
    const underLimit = limited.length
      ? sql`(${limitOf} is null or (select count(*) from ${jobRuns} as r where r.function_id = ${jobRuns.functionId}
          and r.concurrency_key is not distinct from ${jobRuns.concurrencyKey} and r.status = 'RUNNING' and r.locked_until > ${o.now}) < ${limitOf})`
      : undefined;
    // Inngest's priority.run: a prioritized run counts as due `priority` seconds earlier
    const prioritized = [...o.jobs.values()].filter((j) => j.priority);
    const dueAt = prioritized.length
      ? sql`${jobRuns.nextRunAt} - make_interval(secs => case ${jobRuns.functionId} ${sql.join(prioritized.map((j) => sql`when ${j.id} then ${j.priority!}::int`), sql` `)} else 0 end)`
      : sql`${jobRuns.nextRunAt}`;
    const candidates = await tx
      .select()
      .from(jobRuns)
      .where(and(inArray(jobRuns.functionId, ids), due, underLimit))
      .orderBy(dueAt, jobRuns.id)
      .limit(o.limit * 2)
      .for("update", { skipLocked: true });

    const chosen: JobRunRow[] = [];
    const takenPerKey = new Map<string, number>();
    for (const run of candidates) {
      if (chosen.length >= o.limit) break;
      const job = o.jobs.get(run.functionId)!;
      if (run.status === "RUNNING" && run.attempt + 1 >= run.maxAttempts) {
        // a worker died mid-run, and that was its last attempt: a run that kills its worker must not loop forever
        const error: JobError = { name: "WorkerLost", message: `worker ${run.lockedBy} stopped renewing its lease on the last attempt` };
        await tx.update(jobRuns).set({ status: "FAILED", lockedBy: null, lockedUntil: null, endedAt: o.now, error }).where(eq(jobRuns.id, run.id));
        if (job.onFailure) await tx.insert(jobEvents).values(failureEvent(run, error));
        continue;
      }
      if (job.concurrency && !(await hasRoom(tx, run, job.concurrency.limit, takenPerKey, o.now))) continue;
      chosen.push(run);
    }
    if (chosen.length === 0) return [];
    const claimed = await tx
      .update(jobRuns)
      .set({
        status: "RUNNING",
        // a reclaim after a dead worker counts as a failed attempt
        attempt: sql`case when ${jobRuns.status} = 'RUNNING' then ${jobRuns.attempt} + 1 else ${jobRuns.attempt} end`,
        lockedBy: o.workerId,
        lockedUntil: new Date(o.now.getTime() + o.leaseMs),
        startedAt: sql`coalesce(${jobRuns.startedAt}, ${o.now.toISOString()}::timestamptz)`,
      })
      .where(inArray(jobRuns.id, chosen.map((r) => r.id)))
      .returning();
    const fresh = new Set(chosen.filter((r) => r.status === "QUEUED").map((r) => r.id));
    return claimed.map((run) => ({ run, fresh: fresh.has(run.id) }));
  });
}

/**
 * Re-checks a concurrency limit under a transaction-scoped advisory lock on (function, key):
 * two workers claiming runs of one key at the same moment would otherwise both see room.
 * The count is a new statement after the lock, so it sees the other worker's committed claim.
 */
async function hasRoom(tx: DbOrTx, run: JobRunRow, limit: number, taken: Map<string, number>, now: Date): Promise<boolean> {
  const k = `${run.functionId}|${run.concurrencyKey ?? ""}`;
  const lock = await tx.execute(sql`select pg_try_advisory_xact_lock(${CONCURRENCY_LOCK_CLASS}, hashtext(${k})) as ok`);
  if (!(lock as unknown as { rows: { ok: boolean }[] }).rows[0]?.ok) return false;
  const [{ n }] = await tx
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(jobRuns)
    .where(and(running(run.functionId, run.concurrencyKey, now), ne(jobRuns.id, run.id)));
  if (n + (taken.get(k) ?? 0) >= limit) return false;
  taken.set(k, (taken.get(k) ?? 0) + 1);
  return true;
}
