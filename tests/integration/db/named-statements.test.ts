import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { acquireDataDirLock } from "@/db/lock";
import { NAME_PREFIX, nameStatements } from "@/db/named-statements";
import { type PgliteChild, startPgliteChild } from "@/db/pglite-child";
import { freshPostgresDatabase } from "@/tests/helpers/db";

/**
 * Statements are named (db/named-statements.ts) so the server parses and plans each text once per
 * connection. On the embedded database one PGlite session serves every connection: two connections
 * running the same text must not collide, and a closed connection's statements must not stay behind.
 */
const TEXT = "select $1::int + 1 as n";
type Named = { name: string; statement: string };

async function named(pool: pg.Pool | pg.Client): Promise<Named[]> {
  // a bare text: a simple query, which is never named itself
  const res = await pool.query(`select name, statement from pg_prepared_statements where name like '${NAME_PREFIX}%' order by name`);
  return res.rows as Named[];
}

async function behavesOn(connect: () => pg.Pool, observer: pg.Pool | pg.Client, sessionShared: boolean) {
  const a = connect();
  const b = connect();
  try {
    for (let i = 0; i < 3; i++) {
      expect((await a.query(TEXT, [i])).rows).toEqual([{ n: i + 1 }]);
      // drizzle's form: a config object without a name
      expect((await b.query({ text: TEXT, values: [i] })).rows).toEqual([{ n: i + 1 }]);
    }
    const seen = sessionShared ? await named(observer) : [...(await named(a)), ...(await named(b))];
    const ours = seen.filter((s) => s.statement === TEXT);
    // parsed once per connection, not once per run, under two different names
    expect(ours).toHaveLength(2);
    expect(new Set(ours.map((s) => s.name)).size).toBe(2);
  } finally {
    await a.end();
    await b.end();
  }
}

describe("named statements", () => {
  describe("on the embedded database's own process", () => {
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "das-named-"));
    let child: PgliteChild;
    let observer: pg.Client;
    const connect = () => {
      const pool = new pg.Pool({ host: child.socketDir, port: 5432, user: "postgres", database: "postgres", max: 1 });
      nameStatements(pool as never);
      return pool;
    };
    beforeAll(async () => {
      child = await startPgliteChild(path.join(tmp, "pgdata"), acquireDataDirLock(tmp));
      observer = new pg.Client({ host: child.socketDir, port: 5432, user: "postgres", database: "postgres" });
      await observer.connect();
    });
    afterAll(async () => {
      await observer?.end().catch(() => {});
      await child?.close();
      fs.rmSync(tmp, { recursive: true, force: true });
    });

    it("two connections run one text side by side, each under its own name; closed, their statements are deallocated", async () => {
      await behavesOn(connect, observer, true);
      // the server deallocates a closed connection's statements once no transaction is open
      for (let i = 0; i < 250 && (await named(observer)).length; i++) await new Promise((r) => setTimeout(r, 20));
      expect(await named(observer)).toEqual([]);
    });

    it("a connection names at most its bound of texts; the rest run unnamed as before", async () => {
      const pool = new pg.Pool({ host: child.socketDir, port: 5432, user: "postgres", database: "postgres", max: 1 });
      nameStatements(pool as never, 2);
      try {
        for (let k = 0; k < 4; k++) expect((await pool.query(`select $1::int * ${k} as n`, [3])).rows).toEqual([{ n: 3 * k }]);
        expect((await named(observer)).map((s) => s.statement)).toEqual(["select $1::int * 0 as n", "select $1::int * 1 as n"]);
      } finally {
        await pool.end();
      }
    });

    it("a statement that fails to parse leaves the connection usable, and a failed transaction does not lose a name", async () => {
      const pool = connect();
      try {
        await expect(pool.query("select $1::int from no_such_table", [1])).rejects.toThrow(/no_such_table/);
        const client = await pool.connect();
        try {
          await client.query("begin");
          await expect(client.query("select 1 / $1::int as n", [0])).rejects.toThrow(/division by zero/);
          await client.query("rollback");
          // prepared inside the aborted transaction, it outlives it: run again, it is bound, not parsed
          expect((await client.query("select 1 / $1::int as n", [1])).rows).toEqual([{ n: 1 }]);
        } finally {
          client.release();
        }
        expect((await pool.query(TEXT, [41])).rows).toEqual([{ n: 42 }]);
      } finally {
        await pool.end();
      }
    });
  });

  describe.skipIf(!process.env.TEST_DATABASE_URL)("on PostgreSQL", () => {
    let fresh: Awaited<ReturnType<typeof freshPostgresDatabase>>;
    beforeAll(async () => {
      fresh = await freshPostgresDatabase(process.env.TEST_DATABASE_URL!);
    });
    afterAll(() => fresh?.drop());

    it("two connections run one text, each having parsed it once", async () => {
      const connect = () => {
        const pool = new pg.Pool({ connectionString: fresh.url, max: 1 });
        nameStatements(pool as never);
        return pool;
      };
      const observer = new pg.Client({ connectionString: fresh.url });
      await observer.connect();
      try {
        await behavesOn(connect, observer, false);
      } finally {
        await observer.end();
      }
    });
  });
});
