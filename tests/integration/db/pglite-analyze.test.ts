import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analyzeGrownTables } from "@/db/pglite-analyze";

/**
 * PGlite has no autovacuum: the embedded database's process analyzes the tables that grew
 * (db/pglite-analyze.ts), or the planner keeps planning a meltdown's tables as if they were empty.
 */
let db: PGlite;
beforeAll(async () => {
  db = new PGlite();
  await db.exec(`create table grows (id int primary key, case_urn text not null, body text not null);
    create table stays_small (id int primary key)`);
});
afterAll(() => db?.close());

const fill = (from: number, to: number) =>
  db.exec(`insert into grows select g, 'urn:svc:case:' || (g % 30), repeat('x', 200) from generate_series(${from}, ${to}) g; insert into stays_small values (${from}) on conflict do nothing`);
const stats = async () => (await db.query<{ reltuples: number }>(`select reltuples from pg_class where relname = 'grows'`)).rows[0].reltuples;
const ndistinct = async () => (await db.query<{ n: number | null }>(`select n_distinct as n from pg_stats where tablename = 'grows' and attname = 'case_urn'`)).rows[0]?.n ?? null;

describe("statistics of the embedded database", () => {
  it("analyzes a table once it holds a few pages, again when it grew by a fifth, never a tiny one", async () => {
    await fill(1, 10);
    expect(await analyzeGrownTables(db)).toEqual([]);
    expect(await stats()).toBeLessThan(0);

    await fill(11, 2000);
    expect(await analyzeGrownTables(db)).toEqual(["grows"]);
    expect(await stats()).toBe(2000);
    // the planner now knows the column's values: 30 cases, not the default guess
    expect(await ndistinct()).toBe(30);
    // nothing grew: nothing to do
    expect(await analyzeGrownTables(db)).toEqual([]);

    await fill(2001, 2100);
    expect(await analyzeGrownTables(db)).toEqual([]);
    await fill(2101, 3000);
    expect(await analyzeGrownTables(db)).toEqual(["grows"]);
    expect(await stats()).toBe(3000);
  });
});
