/**
 * `npm run db:restore -- <file>`: loads a backup made by `npm run db:backup` into the embedded
 * database, with the server stopped (the data directory's lock refuses otherwise). The current
 * database is kept beside it as `pgdata.bak-<time>`; the restored one is opened to check it.
 */
import fs from "node:fs";
import path from "node:path";
import { restorePglite } from "../db/backup";
import { driverFor } from "../db/client";
import { acquireDataDirLock } from "../db/lock";
import { dataDir } from "../lib/config";

const fail = (message: string): never => {
  console.error(`db:restore: ${message}`);
  process.exit(1);
};

const file = process.argv.slice(2).find((a) => !a.startsWith("--"));
if (!file) fail("name the backup file: npm run db:restore -- <file.tar.gz>");
if (!fs.existsSync(file!)) fail(`no file ${file}`);
const url = process.env.DATABASE_URL;
if (driverFor(url) !== "pglite" || url?.startsWith("memory://")) fail("DATABASE_URL names a server database: restore it with pg_restore");

const dir = url?.startsWith("file://") ? url.slice("file://".length) : path.join(dataDir(), "pgdata");
let release: () => void = () => {};
try {
  release = acquireDataDirLock(path.dirname(dir));
} catch (err) {
  fail(`stop the server first. ${(err as Error).message}`);
}
const report = await restorePglite(dir, new Uint8Array(fs.readFileSync(file!))).catch((err: Error) => {
  release();
  return fail(`the backup could not be loaded (${err.message}); the database is unchanged`);
});
release();
console.log(`restored ${path.resolve(file!)} into ${report.dataDir}`);
if (report.movedAside) console.log(`the previous database is kept in ${report.movedAside}`);
console.log(`migrations applied: ${report.migrations}`);
for (const [table, n] of Object.entries(report.rows)) console.log(`  ${table.padEnd(28)} ${n}`);
