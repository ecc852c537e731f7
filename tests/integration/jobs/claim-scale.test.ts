import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database, Db } from "@/db/client";
import * as schema from "@/db/schema";
import { claimRuns } from "@/lib/jobs/claim";
import { testDatabase } from "@/tests/helpers/db";
import { defineTestJob } from "./helpers";

let database: Database;
/** one connection, so its own statistics can be flushed and read back (PGlite has only one) */
let db: Db;
let client: pg.Client | undefined;
beforeAll(async () => {
  database = await testDatabase();
  db = database.db;
  if (database.driver === "node-postgres") {
    const { drizzle } = await import("drizzle-orm/node-postgres");
    client = new pg.Client((database.db as unknown as { $client: pg.Pool }).$client.options);
    await client.connect();
    db = drizzle(client, { schema }) as unknown as Db;
  }
});
afterAll(async () => {
  await client?.end();
  await database?.close();
});

const plain = defineTestJob({ id: "t-scale-plain", event: "test/scale", handler: () => null });
const limited = defineTestJob({ id: "t-scale-limited", event: "test/scale", concurrency: { limit: 1, key: '"busy"' }, handler: () => null });
const jobs = new Map([plain, limited].map((j) => [j.id, j]));

/**
 * `n` queued runs: nine in ten of an unlimited job, one in ten in a lane of a limited job that is
 * saturated (one run holds its only slot) and due earlier than everything else.
 */
async function queue(from: number, n: number) {
  await db.execute(sql`insert into job_runs (id, function_id, event_id, event_name, event, status, max_attempts, concurrency_key, next_run_at, priority, due_at, lane)
    select gen_random_uuid()::text, f.fn, 'e' || i, 'test/scale', '{}'::jsonb, 'QUEUED', 4, f.key, f.at, 0, f.at, case when f.key is not null then 't-scale-limited|busy' end
    from generate_series(${from}::int, ${from + n - 1}::int) as i,
      lateral (select case when i % 10 = 0 then 't-scale-limited' else 't-scale-plain' end as fn, case when i % 10 = 0 then 'busy' end as key,
        now() - interval '1 hour' + case when i % 10 = 0 then interval '0' else interval '1 second' end as at) f`);
  await db.execute(sql`analyze job_runs`);
}

/** rows of job_runs read by sequential and index scans so far, as the statistics count them */
async function rowsRead(): Promise<number> {
  await db.execute(sql`select pg_stat_force_next_flush()`);
  await db.execute(sql`select pg_stat_clear_snapshot()`);
  const { rows } = (await db.execute(
    sql`select coalesce(seq_tup_read, 0) + coalesce((select sum(idx_tup_read) from pg_stat_user_indexes i where i.relid = t.relid), 0) as n
      from pg_stat_user_tables t where relname = 'job_runs'`,
  )) as unknown as { rows: { n: string | number }[] };
  return Number(rows[0].n);
}

async function claimReads(): Promise<{ read: number; claimed: string[] }> {
  const before = await rowsRead();
  const claimed = await claimRuns(db, { jobs, workerId: "scale", leaseMs: 60_000, now: new Date(), limit: 8 });
  return { read: (await rowsRead()) - before, claimed: claimed.map((c) => c.run.functionId) };
}

describe("a claim's cost does not grow with the backlog", () => {
  it("reads about as many rows with 20,000 runs queued as with 1,000, and never the saturated lane's backlog", async () => {
    await db.execute(sql`insert into job_runs (id, function_id, event_id, event_name, event, status, max_attempts, concurrency_key, next_run_at, locked_until, locked_by, lane)
      values ('busy', 't-scale-limited', 'busy', 'test/scale', '{}', 'RUNNING', 4, 'busy', now(), now() + interval '1 hour', 'elsewhere', 't-scale-limited|busy')`);
    await queue(1, 1_000);
    const small = await claimReads();
    await queue(1_001, 19_000);
    const large = await claimReads();

    // the saturated lane (due first) gave nothing; the claims took a full batch of the other job
    expect(small.claimed).toEqual(Array(8).fill("t-scale-plain"));
    expect(large.claimed).toEqual(Array(8).fill("t-scale-plain"));
    // the old claim read every due run (and counted RUNNING rows per candidate): thousands here
    expect(large.read).toBeLessThan(200);
    expect(large.read).toBeLessThanOrEqual(small.read * 2 + 20);
  });
});
