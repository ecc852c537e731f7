import path from "node:path";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { config, dataDir } from "@/lib/config";
import { log } from "@/lib/log";
import * as schema from "./schema";
import { dumpPglite } from "./backup";
import { acquireDataDirLock, type DataDirLock } from "./lock";
import { startPgliteChild } from "./pglite-child";
import { lanePool } from "./lanes";
import { migratesAtOpen } from "./migrate-at-open";
import { nameStatements } from "./named-statements";
import { countQueries, profiling } from "./query-stats";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle; every query helper accepts either. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type DbOrTx = Db | Tx;

export type Driver = "pglite" | "node-postgres" | "neon";

export type Database = {
  db: Db;
  driver: Driver;
  close: () => Promise<void>;
  /** Runs fn while holding a server-wide advisory lock (a no-op on PGlite, which has one process). */
  exclusive: <T>(fn: () => Promise<T>) => Promise<T>;
  /** PGlite only: a consistent gzipped tarball of the data directory (db/backup.ts) */
  dumpDataDir?: () => Promise<Uint8Array>;
};

type PgLikePool = { connect: () => Promise<{ query: (q: string) => Promise<unknown>; release: () => void }> };

function advisoryLock(pool: PgLikePool) {
  return async <T>(fn: () => Promise<T>): Promise<T> => {
    const client = await pool.connect();
    try {
      await client.query("select pg_advisory_lock(72616001)");
      try {
        return await fn();
      } finally {
        await client.query("select pg_advisory_unlock(72616001)");
      }
    } finally {
      client.release();
    }
  };
}

type Emitter = { on: (event: "error", listener: (err: Error) => void) => unknown };
type EmitterPool = Emitter & { on: (event: "connect", listener: (client: Emitter) => void) => unknown };

/**
 * A connection the server drops (restart, failover, pg_terminate_backend) emits "error": the pool
 * listens on idle connections only, so one checked out at that moment (a transaction in flight)
 * would throw it as an uncaught exception. Listening on every connection keeps the process up; the
 * query in flight still fails, and the pool discards the dead connection when it is released.
 */
function survivesConnectionLoss(pool: EmitterPool): void {
  pool.on("connect", (client) => client.on("error", (err) => log("warn", "database connection lost", { err: err.message })));
  // the pool re-emits an idle connection's error, already logged just above
  pool.on("error", () => {});
}

type Countable = { query: (...args: never[]) => unknown };
type CountablePool = Countable & { on: (event: "connect", listener: (client: Countable) => void) => unknown };

/** Profiling: every statement through the pool or one of its checked-out connections is counted. */
function countPoolQueries(pool: CountablePool): void {
  countQueries(pool);
  pool.on("connect", (client) => countQueries(client));
}

/** Profiling on PGlite: its queries, and those of its transactions, whose BEGIN and COMMIT it sends itself. */
function countPgliteQueries(client: Countable & { transaction: (fn: (tx: Countable) => Promise<unknown>) => Promise<unknown> }): void {
  countQueries(client);
  const transaction = client.transaction.bind(client);
  client.transaction = (fn) => transaction((tx) => fn(countQueries(tx)));
}

/** Which driver a URL selects: none → embedded PGlite; a Neon host → Neon's pool; else node-postgres. */
export function driverFor(url: string | undefined): Driver {
  if (!url || url.startsWith("memory://") || url.startsWith("file://")) return "pglite";
  if (config.DATABASE_DRIVER === "neon" || /\.neon\.(tech|build)\b/.test(url)) return "neon";
  return "node-postgres";
}

export type OpenOptions = {
  /**
   * Embedded only: PGlite in a child process behind node-postgres (db/pglite-child.ts) rather than
   * on this process's main thread. The server's database() asks for it; scripts and tests, which
   * have no requests to answer meanwhile, keep the faster-to-open in-process PGlite.
   */
  ownProcess?: boolean;
  /**
   * In-memory PGlite only: start from this data directory (a `dumpDataDir` tarball) instead of an
   * empty cluster. The tests open a migrated copy per file this way (tests/helpers/db.ts): a fresh
   * cluster and its migrations cost seconds a file, a copy about one.
   */
  loadDataDir?: Blob;
};

export async function openDatabase(url = config.DATABASE_URL, opts: OpenOptions = {}): Promise<Database> {
  const driver = driverFor(url);
  if (driver === "pglite") {
    const inMemory = url?.startsWith("memory://");
    const dir = url?.startsWith("file://") ? url.slice("file://".length) : path.join(dataDir(), "pgdata");
    const release = inMemory ? Object.assign(() => {}, { handTo: () => {} }) : acquireDataDirLock(path.dirname(dir));
    try {
      return opts.ownProcess
        ? await openPgliteChild(inMemory ? undefined : dir, release)
        : await openPgliteInProcess(inMemory ? undefined : dir, release, inMemory ? opts.loadDataDir : undefined);
    } catch (err) {
      release();
      throw err;
    }
  }
  if (driver === "neon") {
    const { Pool, neonConfig } = await import("@neondatabase/serverless");
    const { drizzle } = await import("drizzle-orm/neon-serverless");
    const ws = (await import("ws")).default;
    neonConfig.webSocketConstructor = ws;
    const proxy = config.NEON_WS_PROXY;
    if (proxy) {
      // local development: a WebSocket-to-TCP proxy in front of a plain PostgreSQL
      neonConfig.wsProxy = (host, port) => `${proxy}/v1?address=${host}:${port}`;
      neonConfig.useSecureWebSocket = false;
      neonConfig.pipelineTLS = false;
      neonConfig.pipelineConnect = false;
    }
    const pool = new Pool({ connectionString: url, max: 10 });
    survivesConnectionLoss(pool as unknown as EmitterPool);
    if (profiling()) countPoolQueries(pool as unknown as CountablePool);
    const db = drizzle(pool, { schema }) as unknown as Db;
    return { db, driver, exclusive: advisoryLock(pool as unknown as PgLikePool), close: () => pool.end() };
  }
  const pg = (await import("pg")).default;
  const { drizzle } = await import("drizzle-orm/node-postgres");
  const pool = new pg.Pool({ connectionString: url, max: config.DATABASE_POOL_MAX });
  survivesConnectionLoss(pool as unknown as EmitterPool);
  nameStatements(pool as unknown as Parameters<typeof nameStatements>[0]);
  if (profiling()) countPoolQueries(pool as unknown as CountablePool);
  const db = drizzle(pool, { schema }) as unknown as Db;
  return { db, driver, exclusive: advisoryLock(pool as unknown as PgLikePool), close: () => pool.end() };
}

async function openPgliteInProcess(dir: string | undefined, release: () => void, loadDataDir?: Blob): Promise<Database> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  const client = dir ? new PGlite(dir) : new PGlite(loadDataDir ? { loadDataDir } : undefined);
  await client.waitReady;
  if (profiling()) countPgliteQueries(client);
  return {
    db: drizzle({ client, schema }) as unknown as Db,
    driver: "pglite",
    exclusive: (fn) => fn(),
    dumpDataDir: () => dumpPglite(client),
    close: async () => {
      await client.close();
      release();
    },
  };
}

async function openPgliteChild(dir: string | undefined, lock: DataDirLock): Promise<Database> {
  const child = await startPgliteChild(dir, lock);
  const pg = (await import("pg")).default;
  const { drizzle } = await import("drizzle-orm/node-postgres");
  // a connection per lane (db/lanes.ts): the child runs one statement at a time, and a transaction
  // must own its connection whole; kept open while idle: each new connection is a startup exchange
  // each names its lane, which the child serves web first (db/pglite-web-first.ts)
  const lane = (name: "web" | "jobs") =>
    new pg.Pool({ host: child.socketDir, port: 5432, user: "postgres", database: "postgres", max: 1, idleTimeoutMillis: 0, application_name: name });
  const [web, jobs] = [lane("web"), lane("jobs")];
  for (const p of [web, jobs]) {
    survivesConnectionLoss(p as unknown as EmitterPool);
    nameStatements(p as unknown as Parameters<typeof nameStatements>[0]);
    if (profiling()) countPoolQueries(p as unknown as CountablePool);
  }
  const pool = lanePool(pg.Pool, web, jobs);
  return {
    db: drizzle({ client: pool, schema }) as unknown as Db,
    driver: "pglite",
    // one process owns the directory and its one connection: a lock taken on a second would deadlock
    exclusive: (fn) => fn(),
    dumpDataDir: child.dump,
    close: async () => {
      await pool.end();
      await child.close();
      lock();
    },
  };
}

/** Applies the committed drizzle-kit migrations; on a server, one process at a time. */
export async function migrate(database: Database): Promise<void> {
  const migrationsFolder = path.join(process.cwd(), "db", "migrations");
  const { db, driver } = database;
  const run =
    driver === "pglite"
      ? (await import("drizzle-orm/pglite/migrator")).migrate
      : driver === "neon"
        ? (await import("drizzle-orm/neon-serverless/migrator")).migrate
        : (await import("drizzle-orm/node-postgres/migrator")).migrate;
  // Several processes (test workers, app replicas) may start together; the lock makes them queue.
  await database.exclusive(() => run(db as never, { migrationsFolder }));
}

type Holder = { promise?: Promise<Database> };
const holder: Holder = ((globalThis as Record<string, unknown>).__dasDatabase ??= {}) as Holder;

/**
 * The process-wide database. Kept on globalThis because Next.js bundles route handlers and
 * instrumentation separately: a module-level singleton would open PGlite twice in one process.
 */
export function database(): Promise<Database> {
  holder.promise ??= (async () => {
    // the server's embedded database runs in its own process unless PGLITE_IN_PROCESS=1
    const database = await openDatabase(config.DATABASE_URL, { ownProcess: !config.PGLITE_IN_PROCESS });
    if (migratesAtOpen(database.driver)) await migrate(database);
    return database;
  })().catch((err) => {
    holder.promise = undefined;
    throw err;
  });
  return holder.promise;
}

export async function getDb(): Promise<Db> {
  return (await database()).db;
}

export async function closeDatabase(): Promise<void> {
  const p = holder.promise;
  holder.promise = undefined;
  if (p) await (await p).close();
}

/** Tests: make route handlers and services use this database instead of opening their own. */
export function installDatabase(db: Database): void {
  holder.promise = Promise.resolve(db);
}
