import { sql, type SQL } from "drizzle-orm";
import type { Db, DbOrTx } from "@/db/client";
import { jobEvents, type JobError, type JobRunRow } from "@/db/schema";
import { functionLimit, sharedLimit, type AnyJob } from "./define";
import { laneFunction, toRunRow } from "./due";
import { failureEvent } from "./store";
import { rowsOf } from "@/db/rows";

export type ClaimOptions = {
  jobs: ReadonlyMap<string, AnyJob>;
  workerId: string;
  leaseMs: number;
  now: Date;
  limit: number;
  /** look for expired leases first (default true); the runner does so only now and then */
  leases?: boolean;
  /**
   * Room left per shared key (a constraint of scope env, lib/jobs/define.ts `sharedLimit`): the runs
   * of the functions sharing it are taken up to it in all, earliest due first, and the rest of the
   * batch goes to the others. A key not named here holds nothing back.
   */
  shared?: ReadonlyMap<string, number>;
};

/**
 * The predicate of the partial indexes over waiting runs (db/schema/jobs.ts), written as literals:
 * a bound parameter would not let the planner prove the index applies.
 */
const WAITING = sql.raw(`status in ('QUEUED', 'SLEEPING', 'RETRYING')`);
/** first key of our two-key advisory locks (the second is a hash of the lane) */
const CONCURRENCY_LOCK_CLASS = 72616002;

/** A claimed run; `fresh` when it never ran before, so it has no steps to load. */
export type Claimed = { run: JobRunRow; fresh: boolean };

const idList = (ids: readonly string[]) => sql.join(ids.map((id) => sql`${id}`), sql`, `);
const functionIn = (ids: readonly string[]) => (ids.length ? sql`function_id in (${idList(ids)})` : sql`false`);

/** The shared key a claim holds this function's runs to (ClaimOptions.shared), or null. */
function groupOf(o: ClaimOptions, functionId: string): string | null {
  const job = o.jobs.get(functionId);
  const shared = job ? sharedLimit(job) : undefined;
  return shared && o.shared?.has(shared.key) ? shared.key : null;
}

/**
 * Claims up to `limit` due runs for this worker, reading only what it takes (db/schema/jobs.ts
 * indexes), whatever the backlog:
 * - unlimited functions: the first `limit` waiting runs by due_at from their partial index;
 * - limited functions: the lanes with due work are found by a loose index scan (one probe per
 *   lane, not per run), each counted against its limit from the RUNNING index; only lanes with room
 *   are read, at most `room` runs each, so a saturated lane's backlog is never read and cannot
 *   fill the window and starve other lanes. Their rooms are re-counted under a transaction-scoped
 *   advisory lock per lane, so two workers cannot both see the same room.
 * FOR UPDATE SKIP LOCKED lets several workers claim at once without taking the same row. Without
 * lanes to take from, a claim is one statement.
 */
export async function claimRuns(db: Db, o: ClaimOptions): Promise<Claimed[]> {
  return (await claimBatch(db, o)).claimed;
}

/** claimRuns, and the first due time of a lane's waiting run that is not due yet (for the runner's timer). */
export async function claimBatch(db: Db, o: ClaimOptions): Promise<{ claimed: Claimed[]; laneWakeAt: Date | null }> {
  const ids = [...o.jobs.keys()];
  if (ids.length === 0 || o.limit <= 0) return { claimed: [], laneWakeAt: null };
  if (o.leases !== false) await releaseExpired(db, o);
  const { lanes, wakeAt: laneWakeAt } = [...o.jobs.values()].some((j) => functionLimit(j)) ? await lanesWithRoom(db, o) : { lanes: [], wakeAt: null };
  if (lanes.length === 0) return { claimed: await take(db, o, ids, []), laneWakeAt };
  const claimed = await db.transaction(async (tx) => {
    const locked = rowsOf(
      await tx.execute(sql`select lane from unnest(${`{${lanes.map((l) => JSON.stringify(l.lane)).join(",")}}`}::text[]) as lane
        where pg_try_advisory_xact_lock(${CONCURRENCY_LOCK_CLASS}, hashtext(lane))`),
    ).map((r) => String(r.lane));
    const held = new Set(locked);
    return take(tx, o, ids, lanes.filter((l) => held.has(l.lane)));
  });
  return { claimed, laneWakeAt };
}

type Lane = { lane: string; head: Date; room: number; limit: number; group: string | null };

/**
 * Lanes whose first waiting run is due, with the room their limit leaves (read without locks: a
 * first cut), and the earliest first run of a lane that is not due yet.
 */
async function lanesWithRoom(db: DbOrTx, o: ClaimOptions): Promise<{ lanes: Lane[]; wakeAt: Date | null }> {
  const now = o.now.toISOString();
  const rows = rowsOf(
    await db.execute(sql`with recursive lanes(lane, head) as (
        (select lane, due_at from job_runs where ${WAITING} and lane is not null order by lane, due_at limit 1)
        union all
        select n.lane, n.due_at from lanes l cross join lateral (
          select lane, due_at from job_runs where ${WAITING} and lane is not null and lane > l.lane order by lane, due_at limit 1) n
      )
      select lane, head, (select r.next_run_at from job_runs r where ${WAITING} and r.lane = lanes.lane and r.due_at = lanes.head limit 1) as wakes,
        (select count(*)::int from job_runs r where r.status = 'RUNNING' and r.lane = lanes.lane and r.locked_until > ${now}::timestamptz) as running
      from lanes`),
  );
  const lanes: Lane[] = [];
  let wakeAt: number | null = null;
  for (const r of rows) {
    const lane = String(r.lane);
    const job = o.jobs.get(laneFunction(lane));
    const limit = job ? functionLimit(job)?.limit : undefined;
    if (limit === undefined) continue; // another process's function, or one no longer limited
    const group = groupOf(o, job!.id);
    // a lane whose shared key is full is not read: its backlog cannot fill the window ahead of the others
    const groupRoom = group === null ? Infinity : o.shared!.get(group)!;
    if (groupRoom <= 0) continue;
    const head = new Date(r.head as string);
    // a head taken ahead by its priority may still be asleep: the lane waits for it (a run of the
    // same function made later is due later still, so nothing behind it could go first)
    const wakes = r.wakes ? new Date(r.wakes as string) : head;
    const ready = head > wakes ? head : wakes;
    if (ready > o.now) {
      wakeAt = Math.min(wakeAt ?? Infinity, ready.getTime());
      continue;
    }
    const room = Math.min(limit - Number(r.running), o.limit, groupRoom);
    if (room > 0) lanes.push({ lane, head, room, limit, group });
  }
  // at most `limit` lanes, the earliest due first (each gives at least one run), and no more lanes of
  // a shared key than its room: the others' lanes are not crowded out by runs the claim would drop
  const taken = new Map<string, number>();
  const chosen = lanes
    .sort((a, b) => a.head.getTime() - b.head.getTime())
    .filter((l) => {
      if (l.group === null) return true;
      const n = taken.get(l.group) ?? 0;
      if (n >= o.shared!.get(l.group)!) return false;
      taken.set(l.group, n + 1);
      return true;
    })
    .slice(0, o.limit);
  return { lanes: chosen, wakeAt: wakeAt === null ? null : new Date(wakeAt) };
}

/**
 * One statement: the first due runs of unlimited functions, and of each lane at most its room,
 * re-counted here (this statement's snapshot is taken after the lanes' locks), merged by due_at,
 * each shared key held to its room (ClaimOptions.shared), marked RUNNING for this worker.
 */
async function take(db: DbOrTx, o: ClaimOptions, ids: string[], lanes: Lane[]): Promise<Claimed[]> {
  const now = sql`${o.now.toISOString()}::timestamptz`;
  const groups = new Map<string, string[]>();
  const plain: string[] = [];
  for (const id of ids) {
    const g = groupOf(o, id);
    if (g === null) plain.push(id);
    else groups.set(g, [...(groups.get(g) ?? []), id]);
  }
  const rooms = [...groups.keys()].map((g) => [g, o.shared!.get(g)!] as const);
  const unlimited = (where: SQL, group: string | null, limit: number) =>
    sql`select id, status, due_at, null::text as lane, ${group}::text as grp from job_runs
      where ${WAITING} and lane is null and due_at <= ${now} and next_run_at <= ${now} and ${where}
      order by due_at, id limit ${limit} for update skip locked`;
  const ctes: SQL[] = [sql`free as (${unlimited(functionIn(plain), null, o.limit)})`];
  // the unlimited functions of a shared key apart, at most its room: its backlog cannot fill `free`
  rooms.forEach(([g, room], i) => {
    if (room > 0) ctes.push(sql`${sql.raw(`g${i}`)} as (${unlimited(functionIn(groups.get(g)!), g, room)})`);
  });
  lanes.forEach((l, i) =>
    ctes.push(sql`${sql.raw(`l${i}`)} as (select id, status, due_at, lane, ${l.group}::text as grp from job_runs
      where ${WAITING} and lane is not null and lane = ${l.lane} and due_at <= ${now} and next_run_at <= ${now}
      order by due_at, id limit ${l.room} for update skip locked)`),
  );
  const laned = lanes.length
    ? sql`, laned as (
        select c.id, c.status, c.due_at, c.lane, c.grp from (
          select c.*, row_number() over (partition by c.lane order by c.due_at, c.id) as nth
          from (${sql.join(lanes.map((_, i) => sql.raw(`select * from l${i}`)), sql` union all `)}) c) c
        join (values ${sql.join(lanes.map((l) => sql`(${l.lane}, ${l.limit}::int)`), sql`, `)}) as lim(lane, n) on lim.lane = c.lane
        where c.nth <= lim.n - (select count(*) from job_runs r where r.status = 'RUNNING' and r.lane = c.lane and r.locked_until > ${now}))`
    : sql``;
  const sources = [sql.raw("select * from free"), ...rooms.flatMap(([, room], i) => (room > 0 ? [sql.raw(`select * from g${i}`)] : [])), ...(lanes.length ? [sql.raw("select * from laned")] : [])];
  const withinRooms = sql.join([sql`u.grp is null`, ...rooms.map(([g, room]) => sql`(u.grp = ${g} and u.gn <= ${room})`)], sql` or `);
  const result = await db.execute(sql`with ${sql.join(ctes, sql`, `)}${laned},
    pick as (select id, status, due_at from (
        select u.*, row_number() over (partition by u.grp order by u.due_at, u.id) as gn from (${sql.join(sources, sql` union all `)}) u) u
      where ${withinRooms} order by due_at, id limit ${o.limit})
    update job_runs set status = 'RUNNING', locked_by = ${o.workerId}, locked_until = ${new Date(o.now.getTime() + o.leaseMs).toISOString()}::timestamptz,
      started_at = coalesce(job_runs.started_at, ${now}), updated_at = now()
    from pick where job_runs.id = pick.id
    returning job_runs.*, pick.status as claimed_from`);
  return rowsOf(result)
    .map((raw) => ({ run: toRunRow(raw), fresh: raw.claimed_from === "QUEUED" }))
    .sort((a, b) => (a.run.dueAt?.getTime() ?? 0) - (b.run.dueAt?.getTime() ?? 0) || (a.run.id < b.run.id ? -1 : 1));
}

/**
 * Runs whose worker died (RUNNING, lease expired), found through the RUNNING index: back to the
 * queue as RETRYING, due now, the lost execution counted as a failed attempt; on their last
 * attempt FAILED instead (a run that kills its worker must not loop forever), with the failure
 * event of a job that has onFailure. Returns how many were released.
 */
export async function releaseExpired(db: Db, o: Pick<ClaimOptions, "jobs" | "now" | "limit">): Promise<number> {
  const now = sql`${o.now.toISOString()}::timestamptz`;
  const ids = [...o.jobs.keys()];
  if (ids.length === 0) return 0;
  const [expired] = rowsOf(await db.execute(sql`select 1 as x from job_runs where status = 'RUNNING' and locked_until < ${now} limit 1`));
  if (!expired) return 0;
  return db.transaction(async (tx) => {
    const rows = rowsOf(
      await tx.execute(sql`with lost as (
          select id from job_runs where status = 'RUNNING' and locked_until < ${now} and function_id in (${idList(ids)})
          order by locked_until limit ${Math.max(o.limit, 32)} for update skip locked)
        update job_runs set
          status = case when job_runs.attempt + 1 >= job_runs.max_attempts then 'FAILED' else 'RETRYING' end,
          attempt = case when job_runs.attempt + 1 >= job_runs.max_attempts then job_runs.attempt else job_runs.attempt + 1 end,
          error = case when job_runs.attempt + 1 >= job_runs.max_attempts
            then jsonb_build_object('name', 'WorkerLost', 'message', 'worker ' || coalesce(job_runs.locked_by, '?') || ' stopped renewing its lease on the last attempt')
            else job_runs.error end,
          ended_at = case when job_runs.attempt + 1 >= job_runs.max_attempts then ${now} end,
          next_run_at = ${now}, due_at = ${now} - job_runs.priority * interval '1 second',
          locked_by = null, locked_until = null, updated_at = now()
        from lost where job_runs.id = lost.id
        returning job_runs.*`),
    ).map(toRunRow);
    const failures = rows.filter((r) => r.status === "FAILED" && o.jobs.get(r.functionId)?.onFailure);
    if (failures.length) await tx.insert(jobEvents).values(failures.map((r) => failureEvent(r, r.error as JobError)));
    return rows.length;
  });
}

/**
 * The earliest moment after `now` something may become claimable that no signal announces: the
 * first waiting run of an unlimited function not due yet, or the first lease of another worker
 * that may expire (lanes: claimBatch's laneWakeAt). The runner sets its timer to it instead of polling.
 */
export async function nextDueAt(db: Db, workerId: string, at: Date): Promise<Date | null> {
  const now = sql`${at.toISOString()}::timestamptz`;
  const [row] = rowsOf(
    await db.execute(sql`select least(
        (select min(greatest(due_at, next_run_at)) from (select due_at, next_run_at from job_runs
          where ${WAITING} and lane is null and due_at > ${now}::timestamptz - interval '600 seconds' and greatest(due_at, next_run_at) > ${now}
          order by due_at, id limit 64) soon),
        (select min(locked_until) from job_runs where status = 'RUNNING' and locked_until > ${now} and locked_by is distinct from ${workerId})) as at`),
  );
  return row?.at ? new Date(row.at as string) : null;
}
