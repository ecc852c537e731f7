import fs from "node:fs";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";

/**
 * A consistent copy of an embedded database while the server runs. PGlite is one connection whose
 * queries and transactions all pass one queue (its transaction mutex; query() and exec() take it
 * too, so nothing here may call them while holding it). Holding that queue while dumpDataDir tars
 * the directory means no transaction is half done and no statement runs during the copy. The
 * CHECKPOINT before it writes committed pages to the data files so the restored copy starts with
 * little WAL to replay; what commits between the two is in the WAL, which the tarball holds.
 */
export async function dumpPglite(client: PGlite): Promise<Uint8Array> {
  await client.exec("CHECKPOINT");
  const tarball = await client._runExclusiveTransaction(() => client.dumpDataDir("gzip"));
  return new Uint8Array(await tarball.arrayBuffer());
}

export type RestoreReport = { dataDir: string; movedAside: string | null; migrations: number; rows: Record<string, number> };

/**
 * Loads a tarball made by dumpPglite into `dir` (the pgdata directory), after moving what is there
 * aside to `<dir>.bak-<timestamp>`, then opens the result to prove it works: the migrations table
 * must be there, and every table's row count is reported. The caller holds the data directory's lock.
 */
export async function restorePglite(dir: string, tarball: Uint8Array, now = new Date()): Promise<RestoreReport> {
  let movedAside: string | null = null;
  if (fs.existsSync(dir)) {
    movedAside = `${dir}.bak-${now.toISOString().replace(/[:.]/g, "-")}`;
    fs.renameSync(dir, movedAside);
  }
  fs.mkdirSync(path.dirname(dir), { recursive: true });
  const { PGlite } = await import("@electric-sql/pglite");
  let client: PGlite | undefined;
  try {
    client = new PGlite(dir, { loadDataDir: new Blob([tarball as BlobPart], { type: "application/gzip" }) });
    await client.waitReady;
    const migrations = await client.query<{ n: number }>("select count(*)::int as n from drizzle.__drizzle_migrations").catch(() => null);
    if (!migrations) throw new Error("the restored database has no migrations table: not a backup of this service");
    const tables = await client.query<{ name: string }>(
      "select quote_ident(table_schema) || '.' || quote_ident(table_name) as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name",
    );
    const rows: Record<string, number> = {};
    for (const { name } of tables.rows) rows[name.replace(/^public\./, "")] = (await client.query<{ n: number }>(`select count(*)::int as n from ${name}`)).rows[0].n;
    await client.close();
    return { dataDir: dir, movedAside, migrations: migrations.rows[0].n, rows };
  } catch (err) {
    // put the database that was there back, as it was
    await client?.close().catch(() => {});
    fs.rmSync(dir, { recursive: true, force: true });
    if (movedAside) fs.renameSync(movedAside, dir);
    throw err;
  }
}
