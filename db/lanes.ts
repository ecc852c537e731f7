import { AsyncLocalStorage } from "node:async_hooks";
import type pg from "pg";

/**
 * Which lane a query travels in: the job runner's, or (anything else) the web's. The embedded
 * database runs one statement at a time, so with one connection a console read waits behind every
 * job query already queued (hundreds during a meltdown). With a connection per lane the child
 * takes the next statement from either connection between transactions (db/pglite-server.ts), so a
 * read waits for at most the job transaction in progress. boot.ts starts the runner in the jobs lane;
 * everything the runner does (its loop, the runs it starts) inherits it through AsyncLocalStorage.
 */
type Holder = { als?: AsyncLocalStorage<"jobs"> };
// on globalThis: Next bundles instrumentation (which starts the runner) and route handlers apart
const holder = ((globalThis as Record<string, unknown>).__dasDbLanes ??= {}) as Holder;
const als = (holder.als ??= new AsyncLocalStorage<"jobs">());

export function inJobsLane<T>(fn: () => T): T {
  return als.run("jobs", fn);
}

const onJobsLane = () => als.getStore() === "jobs";

// a registered symbol: Next bundles the runner and route handlers apart, each with its own copy of this module
const LANE_POOL = Symbol.for("das.lanePool");

/**
 * A pool that is two: each query or checked-out connection goes to the pool of its lane. It is a
 * pg.Pool (drizzle's node-postgres driver tells a pool from a client with instanceof, and runs
 * transactions on a connection it checks out); the base pool itself is never used.
 */
export function lanePool(PoolClass: typeof pg.Pool, web: pg.Pool, jobs: pg.Pool): pg.Pool {
  class LanePool extends PoolClass {
    readonly [LANE_POOL] = true;
    private pick = () => (onJobsLane() ? jobs : web);
    override query = ((...args: Parameters<pg.Pool["query"]>) => (this.pick().query as (...a: unknown[]) => unknown)(...args)) as pg.Pool["query"];
    override connect = ((...args: unknown[]) => (this.pick().connect as (...a: unknown[]) => unknown)(...args)) as pg.Pool["connect"];
    override end = (async () => {
      await Promise.all([web.end(), jobs.end()]);
    }) as pg.Pool["end"];
  }
  return new LanePool({ max: 1 });
}

/**
 * The embedded database's two-lane pool has no server of its own to LISTEN on: its options name
 * none (a client built from them would dial PGHOST), and the child runs one session, so a
 * notification would go back to the connection whose statement raised it. Its web and jobs share
 * one process (worker processes need PostgreSQL), where the runner is kicked in-process.
 */
export function isLanePool(pool: unknown): boolean {
  return typeof pool === "object" && pool !== null && LANE_POOL in pool;
}

