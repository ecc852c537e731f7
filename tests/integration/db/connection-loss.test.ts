import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "@/db/client";
import { freshPostgresDatabase } from "../../helpers/db";

/**
 * What `bench:e2e --chaos` found when it restarted PostgreSQL mid-event: a connection cut while a
 * transaction held it was thrown as an uncaught exception (the pool only listened on idle ones),
 * which kills any plain Node process. The server cutting connections is played here with
 * pg_terminate_backend, as a restart does it (SQLSTATE 57P01, then the socket closes).
 */
const PG = process.env.TEST_DATABASE_URL;

describe.skipIf(!PG)("node-postgres pool when the server drops connections", () => {
  let database: Database;
  let drop: () => Promise<void>;
  let dbName: string;
  const uncaught: unknown[] = [];
  const record = (err: unknown) => uncaught.push(err);

  beforeAll(async () => {
    const fresh = await freshPostgresDatabase(PG!);
    drop = fresh.drop;
    dbName = new URL(fresh.url).pathname.slice(1);
    database = await openDatabase(fresh.url);
    process.prependListener("uncaughtException", record);
  });

  beforeEach(() => {
    uncaught.length = 0;
  });

  afterAll(async () => {
    process.removeListener("uncaughtException", record);
    await database?.close();
    await drop?.();
  });

  /** as a server restart does to every session of the database */
  async function terminateAll(): Promise<number> {
    const admin = new pg.Client({ connectionString: PG });
    await admin.connect();
    try {
      const r = await admin.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()`, [dbName]);
      return r.rowCount ?? 0;
    } finally {
      await admin.end();
    }
  }

  it("a connection cut inside a transaction fails that transaction, not the process, and is not reused", async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        expect(await terminateAll()).toBeGreaterThan(0);
        // the termination reaches the client while it sits checked out, between two queries
        await new Promise((r) => setTimeout(r, 300));
        await tx.execute(sql`select 2`);
      }),
    ).rejects.toThrow();
    expect(uncaught).toEqual([]);
    // the next query gets a live connection
    const r = await database.db.execute(sql`select 42 as n`);
    expect((r as unknown as { rows: { n: number }[] }).rows[0].n).toBe(42);
  });

  it("idle connections cut together (a restart) are dropped: the next queries all succeed", async () => {
    // fill the pool with several idle connections
    await Promise.all(Array.from({ length: 5 }, () => database.db.execute(sql`select pg_sleep(0.05)`)));
    expect(await terminateAll()).toBeGreaterThanOrEqual(5);
    await new Promise((r) => setTimeout(r, 300));
    const results = await Promise.all(Array.from({ length: 5 }, (_, i) => database.db.execute(sql`select ${i}::int as n`)));
    expect(results.map((r) => (r as unknown as { rows: { n: number }[] }).rows[0].n)).toEqual([0, 1, 2, 3, 4]);
    expect(uncaught).toEqual([]);
  });
});
