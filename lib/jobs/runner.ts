import os from "node:os";
import crypto from "node:crypto";
import type { Db } from "@/db/client";
import { claimBatch, claimRuns, nextDueAt, type Claimed } from "./claim";
import { systemClock, type Clock } from "./clock";
import { sharedLimit, type AnyJob } from "./define";
import { dispatchEvents } from "./dispatch";
import { nextTick } from "./cron";
import { withFailureJobs } from "./failure";
import { listenForWakes } from "./listen";
import { reconcileRuns } from "./reconcile";
import { ensureSchedules, fireDueTicks } from "./schedule";
import { executeRun, type Outcome } from "./execute";
import { logJson } from "./log";
import { pollLoop } from "./loop";
import { onWake, wakeDispatcher } from "@/lib/outbox/wake";

export type RunnerOptions = {
  db: Db;
  jobs: readonly AnyJob[];
  /** identifies this worker in job_runs.locked_by; unique per process by default */
  workerId?: string;
  /**
   * the backstop: how long the loop sleeps at most when nothing woke it (ms, default 5 s). It
   * wakes earlier on NOTIFY (lib/jobs/listen.ts), in-process signals (lib/outbox/wake.ts), a run
   * finishing, and the next known due time (a sleep's end, a retry, a cron tick, a lease expiring).
   */
  pollMs?: number;
  /** how long a claimed run stays ours without a heartbeat (ms, default 30 s) */
  leaseMs?: number;
  /** runs executed at once by this worker (default 4); `reservedSlots` of them no shared key may take */
  concurrency?: number;
  /** first retry delay; doubles per attempt, jittered (ms, default 1 s) */
  retryBaseMs?: number;
  /** retry delay ceiling (ms, default 10 min) */
  retryMaxMs?: number;
  /** the clock every due time is read from; tests move it forward instead of waiting */
  clock?: Clock;
  /** turn outbox events into runs and fire cron ticks (default true) */
  dispatch?: boolean;
};

export type TickResult = { dispatched: number; executed: number; outcomes: Record<string, number> };

export type Runner = {
  readonly workerId: string;
  /** starts the worker loop (idempotent); it sleeps until something is due or signalled */
  start(): void;
  /** stops claiming and waits for the runs in flight to finish */
  stop(): Promise<void>;
  /** dispatches and executes everything due now, until nothing is left; for tests and scripts */
  tick(): Promise<TickResult>;
  /** fires due cron ticks and moves outbox events into job_runs; returns how many events and ticks */
  dispatch(): Promise<number>;
};

const MAX_TICK_ROUNDS = 10_000;
/** expired leases are looked for at most this often (and by tick() on every round) */
const LEASE_CHECK_MS = 1_000;
/** with a backlog waiting, a claim waits for this long for a batch of free slots to gather */
const BATCH_GATHER_MS = 20;

/**
 * The slots of a worker that no run under a shared key (a concurrency constraint of scope env: the
 * background lane, inngest/functions/lanes.ts) may take: a quarter, at least one, so a passenger's
 * run arriving behind a backlog of background work starts at once instead of after a background run
 * ends (priority only orders the waiting). A worker of one slot keeps none: its background work
 * would never run.
 */
export function reservedSlots(concurrency: number): number {
  return concurrency <= 1 ? 0 : Math.max(1, Math.floor(concurrency / 4));
}

/** The embedded runner: executes job definitions in-process with every bit of state in the database. */
export function createRunner(opts: RunnerOptions): Runner {
  const workerId = opts.workerId ?? `${os.hostname()}:${process.pid}:${crypto.randomBytes(3).toString("hex")}`;
  const concurrency = Math.max(1, opts.concurrency ?? 4);
  const leaseMs = opts.leaseMs ?? 30_000;
  const clock = opts.clock ?? systemClock;
  const now = () => clock.now();
  const byId = new Map<string, AnyJob>();
  for (const job of withFailureJobs(opts.jobs)) {
    if (byId.has(job.id)) throw new Error(`two jobs share the id ${job.id}`);
    byId.set(job.id, job);
  }
  const subscribed = [...byId.values()];
  const cronJobs = subscribed.filter((j) => j.cron);
  const inflight = new Set<Promise<unknown>>();

  // Each shared key's ceiling in this worker: its definitions' (the smallest, where they differ),
  // never more than the slots less the reserve. Counted here, per worker, by the runs in flight.
  const ceilings = new Map<string, number>();
  for (const job of subscribed) {
    const shared = sharedLimit(job);
    if (shared) ceilings.set(shared.key, Math.min(shared.limit, ceilings.get(shared.key) ?? Infinity, concurrency - reservedSlots(concurrency)));
  }
  const sharedRunning = new Map<string, number>();
  const sharedRoom = () => new Map([...ceilings].map(([key, ceiling]) => [key, Math.max(0, ceiling - (sharedRunning.get(key) ?? 0))]));

  let reconciled: Promise<void> | undefined;
  let schedulesReady: Promise<void> | undefined;
  const once = (p: () => Promise<void>, clear: () => void) =>
    p().catch((err) => {
      clear();
      throw err;
    });
  const dispatch = async () => {
    const at = new Date(now());
    reconciled ??= once(() => reconcileRuns(opts.db, subscribed), () => (reconciled = undefined));
    await reconciled;
    if (opts.dispatch === false) return 0;
    if (cronJobs.length) {
      schedulesReady ??= once(() => ensureSchedules(opts.db, cronJobs, at), () => (schedulesReady = undefined));
      await schedulesReady;
    }
    return (await fireDueTicks(opts.db, cronJobs, at)) + (await dispatchEvents(opts.db, subscribed, at));
  };
  /** when this process's next cron tick is due (the schedule rows say the same, to the tick) */
  const nextCronAt = () => (opts.dispatch === false || !cronJobs.length ? Infinity : Math.min(...cronJobs.map((j) => nextTick(j.cron!, new Date(now())).getTime())));
  const claim = (limit: number) => claimRuns(opts.db, { jobs: byId, workerId, leaseMs, now: new Date(now()), limit, shared: sharedRoom() });

  async function execute(claimed: Claimed): Promise<Outcome | "ERROR"> {
    const { run } = claimed;
    const shared = sharedLimit(byId.get(run.functionId)!)?.key;
    if (shared) sharedRunning.set(shared, (sharedRunning.get(shared) ?? 0) + 1);
    try {
      return await executeRun(claimed, byId.get(run.functionId)!, {
        db: opts.db,
        workerId,
        leaseMs,
        retryBaseMs: opts.retryBaseMs ?? 1_000,
        retryMaxMs: opts.retryMaxMs ?? 600_000,
        now,
        onEventsSent: wakeDispatcher,
      });
    } catch (err) {
      // the database failed under us; the lease expires and another claim retries the run
      logJson("error", "job run execution error", { runId: run.id, functionId: run.functionId, err });
      return "ERROR";
    } finally {
      if (shared) sharedRunning.set(shared, sharedRunning.get(shared)! - 1);
    }
  }

  const backstopMs = opts.pollMs ?? 5_000;
  // The outbox is read when someone signalled new events (in-process, or NOTIFY from any process),
  // when a cron tick is due, or once per backstop; not after every finished run, which would add a
  // query per run.
  let eventsSignalled = true;
  let lastDispatch = 0;
  let cronAt = nextCronAt();
  let lastLeaseCheck = 0;
  let lastClaim = 0;
  let backlog = false;
  const loop = pollLoop("job runner", backstopMs, async () => {
    if (eventsSignalled || now() >= cronAt || Date.now() - lastDispatch >= backstopMs) {
      eventsSignalled = false;
      lastDispatch = Date.now();
      await dispatch();
      // the soonest tick only moves once it has passed (computing it parses every schedule: a run's worth of CPU per dispatch)
      if (now() >= cronAt) cronAt = nextCronAt();
    }
    const free = concurrency - inflight.size;
    if (free <= 0) return { wait: backstopMs }; // a finishing run kicks
    // With a backlog, claim in batches: a claim per finished run would cost a statement per run.
    const gathered = Date.now() - lastClaim;
    if (backlog && inflight.size > 0 && free < Math.max(1, concurrency >> 2) && gathered < BATCH_GATHER_MS) return { wait: BATCH_GATHER_MS - gathered };
    const leases = Date.now() - lastLeaseCheck >= LEASE_CHECK_MS;
    if (leases) lastLeaseCheck = Date.now();
    lastClaim = Date.now();
    const at = new Date(now());
    const { claimed, laneWakeAt } = await claimBatch(opts.db, { jobs: byId, workerId, leaseMs, now: at, limit: free, leases, shared: sharedRoom() });
    for (const run of claimed) {
      const p = execute(run).finally(() => {
        inflight.delete(p);
        loop.kick(); // a slot is free, and the run may have made more work due
      });
      inflight.add(p);
    }
    backlog = claimed.length === free;
    if (backlog) return true;
    // drained: sleep until the next thing known to fall due, or a signal
    const next = Math.min(cronAt, laneWakeAt?.getTime() ?? Infinity, (await nextDueAt(opts.db, workerId, at))?.getTime() ?? Infinity);
    return { wait: Math.max(1, Math.min(backstopMs, next - now())) };
  });
  let unsubscribe: (() => void) | undefined;
  let unlisten: Promise<() => Promise<void>> | undefined;

  return {
    workerId,
    dispatch,
    start() {
      if (loop.running) return;
      unsubscribe = onWake(() => {
        eventsSignalled = true;
        loop.kick();
      });
      unlisten = listenForWakes(opts.db, (payload) => {
        if (payload !== "runs") eventsSignalled = true;
        loop.kick();
      }).catch((err) => {
        logJson("warn", "job wake-up listener did not start; the backstop poll covers it", { err });
        return async () => {};
      });
      loop.start();
    },
    async stop() {
      unsubscribe?.();
      unsubscribe = undefined;
      const stopListening = unlisten;
      unlisten = undefined;
      await (await stopListening)?.();
      await loop.stop();
      while (inflight.size) await Promise.allSettled([...inflight]);
    },
    async tick() {
      const result: TickResult = { dispatched: 0, executed: 0, outcomes: {} };
      for (let round = 0; round < MAX_TICK_ROUNDS; round++) {
        result.dispatched += await dispatch();
        const runs = await claim(concurrency);
        if (runs.length === 0) break;
        for (const outcome of await Promise.all(runs.map(execute))) {
          result.outcomes[outcome] = (result.outcomes[outcome] ?? 0) + 1;
        }
        result.executed += runs.length;
      }
      return result;
    },
  };
}
