/**
 * `npm run db:reset`: drops everything and rebuilds the database with reference and demo data.
 * The embedded database must not be open in a running server: the lock file refuses that.
 */
import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { driverFor, migrate, openDatabase } from "../db/client";
import { seed } from "../db/seed";
import { acquireDataDirLock } from "../db/lock";
import { dataDir } from "../lib/config";

const url = process.env.DATABASE_URL;
if (driverFor(url) === "pglite" && !url?.startsWith("memory://")) {
  const dir = url?.startsWith("file://") ? url.slice("file://".length) : path.join(dataDir(), "pgdata");
  acquireDataDirLock(path.dirname(dir))(); // throws while a server holds it
  fs.rmSync(dir, { recursive: true, force: true });
}
const database = await openDatabase(url);
try {
  if (database.driver !== "pglite") {
    await database.db.execute(sql`drop schema if exists public cascade`);
    await database.db.execute(sql`drop schema if exists drizzle cascade`);
    await database.db.execute(sql`create schema public`);
  }
  await migrate(database);
  await seed(database.db, { demo: true });
  console.log(`database reset with demo data (${database.driver})`);
} finally {
  await database.close();
}
