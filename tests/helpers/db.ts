import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { migrate, openDatabase, type Database } from "@/db/client";
// as instrumentation.ts does for the server: the reactions to facts (wave settled, ...) run in every test process
import "@/lib/reactions";

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or, when
 * TEST_DATABASE_URL names a PostgreSQL server, a new database created on it for this file and
 * dropped by close(). Either way no test file sees another's rows.
 *
 * Each starts as a copy of one migrated database rather than migrating its own: on two loaded cores
 * a fresh PGlite cluster plus the migrations took 5 to 13 s a file, a copy of the migrated one 1 to
 * 3 s; on PostgreSQL the copy is `CREATE DATABASE … TEMPLATE`. The copy is made once per version of
 * db/migrations (its hash names it), and migrate() still runs on each copy (it finds nothing to do).
 */
export async function testDatabase(): Promise<Database> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const ownProcess = process.env.TEST_PGLITE_PROCESS === "1";
    const database = await openDatabase("memory://", { ownProcess, loadDataDir: ownProcess ? undefined : await migratedPglite() });
    await migrate(database);
    return database;
  }
  const fresh = await freshPostgresDatabase(serverUrl, { template: await migratedTemplate(serverUrl) });
  const database = await openDatabase(fresh.url);
  await migrate(database);
  return {
    ...database,
    close: async () => {
      await database.close();
      await fresh.drop();
    },
  };
}

/** A name for the current migrations: their files' names and contents hashed. */
function migrationsHash(): string {
  const dir = path.join(process.cwd(), "db", "migrations");
  const hash = crypto.createHash("sha256");
  const walk = (d: string) => {
    for (const name of fs.readdirSync(d).sort()) {
      const p = path.join(d, name);
      if (fs.statSync(p).isDirectory()) walk(p);
      else hash.update(path.relative(dir, p)).update("\0").update(fs.readFileSync(p)).update("\0");
    }
  };
  walk(dir);
  return hash.digest("hex").slice(0, 16);
}

/**
 * The data directory of a migrated in-memory PGlite, as a tarball in the OS's temp folder: the first
 * file to need it migrates one and writes it (to a temporary name, renamed whole, so a file read
 * beside it never sees half); two workers starting together may both write it, the same bytes.
 */
async function migratedPglite(): Promise<Blob> {
  const file = path.join(os.tmpdir(), `das-test-pglite-${migrationsHash()}.tar.gz`);
  if (!fs.existsSync(file)) {
    const database = await openDatabase("memory://");
    try {
      await migrate(database);
      const tmp = `${file}.${process.pid}.${crypto.randomBytes(4).toString("hex")}`;
      fs.writeFileSync(tmp, await database.dumpDataDir!());
      fs.renameSync(tmp, file);
    } finally {
      await database.close();
    }
  }
  return new Blob([fs.readFileSync(file)]);
}

/**
 * A migrated database on the server to copy each file's from, named by the migrations' hash: built
 * under a name of its own and renamed when migrated, so no file copies a half-migrated template,
 * and no connection stays on it (CREATE DATABASE … TEMPLATE refuses a template in use).
 */
async function migratedTemplate(serverUrl: string): Promise<string> {
  const name = `das_template_${migrationsHash()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    const found = await admin.query("select 1 from pg_database where datname = $1", [name]);
    if (found.rowCount) return name;
    const building = await freshPostgresDatabase(serverUrl);
    const database = await openDatabase(building.url);
    try {
      await migrate(database);
    } finally {
      await database.close();
    }
    try {
      await admin.query(`alter database ${new URL(building.url).pathname.slice(1)} rename to ${name}`);
    } catch (err) {
      // another worker renamed its copy first: use that one
      if ((err as { code?: string }).code !== "42P04") throw err;
      await building.drop();
    }
    return name;
  } finally {
    await admin.end();
  }
}

/** A new database on the PostgreSQL server of `serverUrl`, empty or a copy of `template`, and how to drop it. */
export async function freshPostgresDatabase(serverUrl: string, opts: { template?: string } = {}): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `das_test_${crypto.randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}${opts.template ? ` template ${opts.template}` : ""}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}
