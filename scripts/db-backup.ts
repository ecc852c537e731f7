/**
 * `npm run db:backup [-- --out file] [--url http://localhost:3000] [--tenant AF]`: a consistent copy
 * of the database while the server runs. Embedded (PGlite): asks the running server for it
 * (GET /api/v1/admin/backup) with an ADMIN token minted here from AUTH_SECRET, since only the
 * server may open the data directory. PostgreSQL (DATABASE_URL): runs pg_dump (custom format).
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { driverFor } from "../db/client";
import { mintToken } from "../lib/auth/tokens";

const { values } = parseArgs({
  options: {
    out: { type: "string" },
    url: { type: "string", default: `http://localhost:${process.env.PORT || "3000"}` },
    tenant: { type: "string", default: "AF" },
  },
  strict: true,
});
const stamp = new Date().toISOString().replace(/[:.]/g, "-");
const fail = (message: string): never => {
  console.error(`db:backup: ${message}`);
  process.exit(1);
};
const done = (file: string) => {
  const size = fs.statSync(file).size;
  console.log(`backup written: ${path.resolve(file)} (${(size / 1024 / 1024).toFixed(1)} MiB, ${size} bytes)`);
};

const databaseUrl = process.env.DATABASE_URL;
if (driverFor(databaseUrl) !== "pglite") {
  const out = values.out ?? `das-backup-${stamp}.dump`;
  const run = spawnSync("pg_dump", ["--format=custom", `--file=${out}`, databaseUrl!], { stdio: ["ignore", "inherit", "inherit"] });
  if (run.error) fail(`pg_dump could not run (${run.error.message}); install the PostgreSQL client tools`);
  if (run.status !== 0) fail(`pg_dump failed with status ${run.status}`);
  done(out);
  process.exit(0);
}

const { token } = await mintToken({ tenant: values.tenant!.toUpperCase(), roles: ["ADMIN"], airports: ["*"], sub: "system:db-backup", ttlSeconds: 600 });
let res: Response;
try {
  res = await fetch(new URL("/api/v1/admin/backup", values.url), { headers: { authorization: `Bearer ${token}` } });
} catch (err) {
  fail(`no server answers at ${values.url} (${(err as Error).message}); start it (npm start) or pass --url`);
}
if (!res!.ok) {
  const problem = (await res!.json().catch(() => null)) as { detail?: string } | null;
  fail(`the server answered ${res!.status}: ${problem?.detail ?? res!.statusText}`);
}
const named = /filename="([^"]+)"/.exec(res!.headers.get("content-disposition") ?? "")?.[1];
const out = values.out ?? named ?? `das-backup-${stamp}.tar.gz`;
fs.mkdirSync(path.dirname(path.resolve(out)), { recursive: true });
fs.writeFileSync(out, new Uint8Array(await res!.arrayBuffer()));
done(out);
