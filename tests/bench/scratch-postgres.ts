import crypto from "node:crypto";
import pg from "pg";

export type ScratchDatabase = { url: string; drop: () => Promise<void> };

/** A new database on the server of `serverUrl` for one bench run, dropped (with force) afterwards. */
export async function scratchPostgres(serverUrl: string): Promise<ScratchDatabase> {
  const name = `das_bench_${crypto.randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}
