import crypto from "node:crypto";
import pg from "pg";
import { migrate, openDatabase, type Database } from "@/db/client";
// as instrumentation.ts does for the server: the reactions to facts (wave settled, ...) run in every test process
import "@/lib/reactions";

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or, when
 * TEST_DATABASE_URL names a PostgreSQL server, a new database created on it for this file and
 * dropped by close(). Either way no test file sees another's rows.
 */
export async function testDatabase(): Promise<Database> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const database = await openDatabase("memory://", { ownProcess: process.env.TEST_PGLITE_PROCESS === "1" });
    await migrate(database);
    return database;
  }
  const fresh = await freshPostgresDatabase(serverUrl);
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

/** A new, empty database on the PostgreSQL server of `serverUrl`, and how to drop it. */
export async function freshPostgresDatabase(serverUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `das_test_${crypto.randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
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
