import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { restorePglite } from "@/db/backup";
import { type Database, migrate, openDatabase } from "@/db/client";
import { acquireDataDirLock } from "@/db/lock";
import { isDatabaseUnavailable } from "@/db/unavailable";
import { isUniqueViolation } from "@/db/unique-violation";

/**
 * The server's embedded database runs in a child process reached through node-postgres
 * (db/pglite-child.ts), so no query runs on the web process's main thread. It must behave as the
 * in-process PGlite did: answer, roll back, take a burst, back up consistently, keep its lock, and
 * come back by itself when its process dies.
 */
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "das-embedded-"));
const dir = path.join(tmp, "live", "pgdata");
let database: Database;
type Rows = { rows: Record<string, unknown>[] };
const rowsOf = async (db: Database["db"], q: ReturnType<typeof sql>) => ((await db.execute(q)) as unknown as Rows).rows;
const rows = (q: ReturnType<typeof sql>) => rowsOf(database.db, q);
const count = async (where = sql`true`) => Number((await rows(sql`select count(*)::int as n from t where ${where}`))[0].n);

beforeAll(async () => {
  database = await openDatabase(`file://${dir}`, { ownProcess: true });
  await migrate(database);
  await database.db.execute(sql`create table t (id int primary key, v text not null, at timestamptz not null default now())`);
});
afterAll(async () => {
  await database?.close().catch(() => {});
  fs.rmSync(tmp, { recursive: true, force: true });
});

// the lock names the child that holds the directory, then its owner (this process)
const lockHolder = () => Number(fs.readFileSync(path.join(tmp, "live", "pglite.lock"), "utf8").split(" ")[0]);

describe("the embedded database in its own process", () => {
  it("answers queries from another process, which holds the directory's lock", async () => {
    expect(database.driver).toBe("pglite");
    expect(Number((await rows(sql`select count(*)::int as n from drizzle.__drizzle_migrations`))[0].n)).toBeGreaterThan(10);
    const holder = lockHolder();
    expect(holder).not.toBe(process.pid);
    expect(() => process.kill(holder, 0)).not.toThrow();
    // a script opening the directory meanwhile is refused, naming the holder
    expect(() => acquireDataDirLock(path.join(tmp, "live"))).toThrow(new RegExp(`in use by process ${holder}`));
    // timestamps come back as PostgreSQL's text, as in-process PGlite and node-postgres give them to drizzle
    await database.db.execute(sql`insert into t (id, v, at) values (0, 'zero', '2026-01-02T03:04:05Z')`);
    expect((await rows(sql`select at from t where id = 0`))[0].at).toBe("2026-01-02 03:04:05+00");
  });

  it("rolls a failed transaction back whole, and the connection is usable after", async () => {
    const failed = database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into t (id, v) values (1, 'one')`);
      await tx.execute(sql`insert into t (id, v) values (2, 'two')`);
      throw new Error("changed my mind");
    });
    await expect(failed).rejects.toThrow("changed my mind");
    const violated = database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into t (id, v) values (3, 'three')`);
      await tx.execute(sql`insert into t (id, v) values (3, 'again')`);
    });
    await expect(violated).rejects.toSatisfy((err: unknown) => isUniqueViolation(err));
    expect(await count(sql`id between 1 and 3`)).toBe(0);
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into t (id, v) values (1, 'one')`);
      // a nested transaction is a savepoint: its rollback keeps the outer work
      await tx.transaction(async (inner) => {
        await inner.execute(sql`insert into t (id, v) values (2, 'two')`);
        inner.rollback();
      }).catch(() => {});
    });
    expect(await rows(sql`select id from t where id between 1 and 3 order by id`)).toEqual([{ id: 1 }]);
  });

  it("takes a concurrent burst of transactions and reads, one failing, the rest whole", async () => {
    // a failed query outside a transaction makes node-postgres replace its connection: the new one
    // arrives before the old one's close, and must neither be refused nor run inside another's transaction
    const badInput = () => database.db.execute(sql`select ${"not a number"}::int`);
    const burst = Array.from({ length: 150 }, (_, i) =>
      i % 10 === 5
        ? badInput().then(
            () => "no error",
            (err: { cause?: { code?: string } }) => err.cause?.code,
          )
        : i % 3 === 2
        ? count()
        : database.db.transaction(async (tx) => {
            await tx.execute(sql`insert into t (id, v) values (${1000 + 2 * i}, 'a')`);
            // one transaction collides with an earlier row and must leave nothing
            await tx.execute(sql`insert into t (id, v) values (${i === 100 ? 1 : 1001 + 2 * i}, 'b')`);
          }),
    );
    const settled = await Promise.allSettled(burst);
    expect(settled.filter((_, i) => i % 10 === 5).map((s) => (s as PromiseFulfilledResult<unknown>).value)).toEqual(Array(15).fill("22P02"));
    const rejected = settled.filter((s) => s.status === "rejected");
    expect(rejected).toHaveLength(1);
    expect(isUniqueViolation((rejected[0] as PromiseRejectedResult).reason)).toBe(true);
    const transactions = Array.from({ length: 150 }, (_, i) => i).filter((i) => i % 10 !== 5 && i % 3 !== 2).length;
    expect(await count(sql`id >= 1000`)).toBe(2 * (transactions - 1));
  });

  it("backs up consistently while transactions commit, through the child", async () => {
    await database.db.execute(sql`delete from t where id >= 1000`);
    const pair = (i: number) =>
      database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into t (id, v) values (${5000 + 2 * i}, 'pair')`);
        await tx.execute(sql`insert into t (id, v) values (${5001 + 2 * i}, 'pair')`);
      });
    const writers = Array.from({ length: 60 }, (_, i) => pair(i));
    const bytes = await database.dumpDataDir!();
    await Promise.all(writers);
    expect([bytes[0], bytes[1]]).toEqual([0x1f, 0x8b]);

    const restored = path.join(tmp, "restored", "pgdata");
    const report = await restorePglite(restored, bytes);
    expect(report.migrations).toBeGreaterThan(10);
    expect(report.rows.t % 2).toBe(0);
    const copy = await openDatabase(`file://${restored}`);
    try {
      const pairs = (await rowsOf(copy.db, sql`select id from t where v = 'pair' order by id`)) as { id: number }[];
      for (let k = 0; k < pairs.length; k += 2) expect(pairs[k + 1]?.id).toBe(pairs[k].id + 1);
      expect(await rowsOf(copy.db, sql`select v from t where id = 1`)).toEqual([{ v: "one" }]);
    } finally {
      await copy.close();
    }
  }, 60_000);

  it("comes back by itself when its process dies: meanwhile queries fail as unavailable (a 503), none hangs", async () => {
    const before = lockHolder();
    process.kill(before, "SIGKILL");
    const during = await database.db.execute(sql`select 1`).then(
      () => null,
      (err: unknown) => err,
    );
    // the query may reach the new child already; if not, it failed as "unavailable", not as a bug
    if (during) expect(isDatabaseUnavailable(during)).toBe(true);
    const deadline = Date.now() + 30_000;
    let back = false;
    while (!back && Date.now() < deadline) {
      back = await database.db.execute(sql`select 1`).then(
        () => true,
        (err: unknown) => {
          expect(isDatabaseUnavailable(err)).toBe(true);
          return new Promise<boolean>((r) => setTimeout(() => r(false), 100));
        },
      );
    }
    expect(back).toBe(true);
    // committed rows survived (PGlite replayed its WAL), and the lock names the new process
    expect((await rows(sql`select v from t where id = 1`))[0].v).toBe("one");
    expect(lockHolder()).not.toBe(before);
    expect(() => process.kill(lockHolder(), 0)).not.toThrow();
  }, 60_000);

  it("closes: the child exits and the lock is released", async () => {
    const holder = lockHolder();
    await database.close();
    expect(fs.existsSync(path.join(tmp, "live", "pglite.lock"))).toBe(false);
    expect(() => process.kill(holder, 0)).toThrow();
    acquireDataDirLock(path.join(tmp, "live"))();
  });
});
