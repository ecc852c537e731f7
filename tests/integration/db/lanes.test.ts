import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "@/db/client";
import { inJobsLane } from "@/db/lanes";

/**
 * The embedded database in its own process gets a connection per lane (db/lanes.ts): a console
 * read travels in the web lane, so it is answered between the job runner's statements, not after
 * every statement the runner has queued.
 */
let database: Database;
beforeAll(async () => {
  database = await openDatabase("memory://", { ownProcess: true });
});
afterAll(() => database?.close());

const work = sql`select count(*)::int as n from generate_series(1, 20000) g where g % 7 = 0`;

describe("lanes to the embedded database", () => {
  it("answers a web read before the jobs' queued statements", async () => {
    const finished: string[] = [];
    const jobs = inJobsLane(() =>
      Array.from({ length: 150 }, (_, i) => database.db.execute(work).then(() => void finished.push(`job ${i}`))),
    );
    // let the jobs' statements queue up first
    await new Promise((r) => setTimeout(r, 20));
    const read = database.db.execute(sql`select 1 as one`).then((r) => {
      finished.push("web read");
      return r;
    });
    await Promise.all([read, ...jobs]);
    const at = finished.indexOf("web read");
    expect(finished).toHaveLength(151);
    // one lane alone would answer it last, behind all 150
    expect(at).toBeLessThan(20);
  });

  it("keeps a transaction on one connection in either lane", async () => {
    await database.db.execute(sql`create table if not exists lane_t (id int primary key)`);
    await inJobsLane(() =>
      database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into lane_t values (1)`);
        tx.rollback();
      }),
    ).catch(() => {});
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into lane_t values (2)`);
    });
    const rows = (await database.db.execute(sql`select id from lane_t order by id`)) as unknown as { rows: { id: number }[] };
    expect(rows.rows.map((r) => r.id)).toEqual([2]);
  });
});
