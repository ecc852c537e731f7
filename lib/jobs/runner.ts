import os from "node:os";
import crypto from "node:crypto";
import type { Db } from "@/db/client";
import { claimRuns, type Claimed } from "./claim";
import { systemClock, type Clock } from "./clock";
import type { AnyJob } from "./define";
import { dispatchEvents } from "./dispatch";
import { withFailureJobs } from "./failure";
import { ensureSchedules, fireDueTicks } from "./schedule";
import { executeRun, type Outcome } from "./execute";
import { logJson } from "./log";
import { pollLoop } from "./loop";
import { onWake, wakeDispatcher } from "./wake";

export type RunnerOptions = {
  db: Db;
  jobs: readonly AnyJob[];
  /** identifies this worker in job_runs.locked_by; unique per process by default */
  workerId?: string;
  /** how often the loop looks for due runs when nothing woke it (ms, default 500) */
  pollMs?: number;
  /** how long a claimed run stays ours without a heartbeat (ms, default 30 s) */
  leaseMs?: number;
  /** runs executed at once by this worker (default 4) */
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
  /** starts the worker loop (idempotent); it polls, and wakes early on lib/jobs/wake.ts signals */
  start(): void;
  /** stops claiming and waits for the runs in flight to finish */
  stop(): Promise<void>;
  /** dispatches and executes everything due now, until nothing is left; for tests and scripts */
  tick(): Promise<TickResult>;
  /** fires due cron ticks and moves outbox events into job_runs; returns how many events and ticks */
  dispatch(): Promise<number>;
};

const MAX_TICK_ROUNDS = 10_000;

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

  let schedulesReady: Promise<void> | undefined;
  const dispatch = async () => {
    if (opts.dispatch === false) return 0;
    const at = new Date(now());
    if (cronJobs.length) {
      schedulesReady ??= ensureSchedules(opts.db, cronJobs, at).catch((err) => {
        schedulesReady = undefined;
        throw err;
      });
      await schedulesReady;
    }
    return (await fireDueTicks(opts.db, cronJobs, at)) + (await dispatchEvents(opts.db, subscribed, at));
  };
  const claim = (limit: number) => claimRuns(opts.db, { jobs: byId, workerId, leaseMs, now: new Date(now()), limit });

  async function execute(claimed: Claimed): Promise<Outcome | "ERROR"> {
    const { run } = claimed;
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
    }
  }

  const pollMs = opts.pollMs ?? 500;
  // The outbox is read when someone signalled new events, or once per poll for events written by
  // other processes; not after every finished run, which would add a query per run.
  let eventsSignalled = true;
  let lastDispatch = 0;
  const loop = pollLoop("job runner", pollMs, async () => {
    if (eventsSignalled || Date.now() - lastDispatch >= pollMs) {
      eventsSignalled = false;
      lastDispatch = Date.now();
      await dispatch();
    }
    const free = concurrency - inflight.size;
    if (free <= 0) return false;
    const runs = await claim(free);
    for (const run of runs) {
      const p = execute(run).finally(() => {
        inflight.delete(p);
        loop.kick(); // a slot is free, and the run may have made more work due
      });
      inflight.add(p);
    }
    return runs.length === free && inflight.size < concurrency;
  });
  let unsubscribe: (() => void) | undefined;

  return {
    workerId,
    dispatch,
    start() {
      if (loop.running) return;
      unsubscribe = onWake(() => {
        eventsSignalled = true;
        loop.kick();
      });
      loop.start();
    },
    async stop() {
      unsubscribe?.();
      unsubscribe = undefined;
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
