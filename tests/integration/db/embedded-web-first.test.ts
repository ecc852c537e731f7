import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "@/db/client";
import { inJobsLane } from "@/db/lanes";
import { rowsOf } from "@/db/rows";

/**
 * The embedded database's child serves the web lane first between transactions
 * (db/pglite-web-first.ts): a console read of several statements, sent while the jobs lane commits
 * transaction after transaction, runs its statements back to back instead of one per job transaction.
 */
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "das-web-first-"));
let database: Database;

beforeAll(async () => {
  database = await openDatabase(`file://${path.join(tmp, "pgdata")}`, { ownProcess: true });
  await database.db.execute(sql`create table happened (seq serial primary key, lane text not null, tx int)`);
});
afterAll(async () => {
  await database?.close().catch(() => {});
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe("the embedded database's lanes", () => {
  it("a read of 12 statements waits for a job transaction at most a few times, not before each statement", async () => {
    let stop = false;
    // the jobs lane: transactions of 4 statements, one after another, as the runner does during a meltdown
    const jobs = inJobsLane(async () => {
      for (let tx = 0; !stop; tx++) {
        await database.db.transaction(async (t) => {
          for (let k = 0; k < 4; k++) await t.execute(sql`insert into happened (lane, tx) values ('jobs', ${tx})`);
        });
      }
    });
    // let the jobs lane get going, then read as the board does: statements queued together
    await new Promise((r) => setTimeout(r, 200));
    await Promise.all(Array.from({ length: 12 }, () => database.db.execute(sql`insert into happened (lane) values ('web')`)));
    stop = true;
    await jobs;

    const order = rowsOf<{ lane: string }>(await database.db.execute(sql`select lane from happened order by seq`)).map((r) => r.lane);
    const first = order.indexOf("web");
    const last = order.lastIndexOf("web");
    const jobStatementsBetween = order.slice(first, last + 1).filter((l) => l === "jobs").length;
    // in arrival order a job transaction (4 statements) ran between each two web statements: 44 here.
    // Web first lets one in only when this process was slower than the grace to send its next
    // statement: 0–4 measured idle, up to 12 with the machine's two cores busy; half of 44 is the bound
    expect(order.filter((l) => l === "web")).toHaveLength(12);
    expect(order.filter((l) => l === "jobs").length).toBeGreaterThan(20);
    expect(jobStatementsBetween).toBeLessThanOrEqual(22);
  }, 60_000);
});
