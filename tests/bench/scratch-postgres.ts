import pg from "pg";
import { freshPostgresDatabase } from "@/tests/helpers/db";

export type ScratchDatabase = { url: string; drop: () => Promise<void> };

/** A new database on the server of `serverUrl` for one bench run, dropped (with force) afterwards: the tests' own. */
export const scratchPostgres = (serverUrl: string): Promise<ScratchDatabase> => freshPostgresDatabase(serverUrl);

export type RunTimings = { functionId: string; runs: number; avgMs: number; maxMs: number; lastEndS: number };

/** Per job function: how many runs, how long each took from first start to end, and when the last ended (s after `since`). */
export async function runTimings(url: string, since: number): Promise<RunTimings[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const { rows } = await c.query(
      `select function_id, count(*)::int as runs,
              round(avg(extract(epoch from ended_at - started_at)) * 1000)::int as avg_ms,
              round(max(extract(epoch from ended_at - started_at)) * 1000)::int as max_ms,
              round((extract(epoch from max(ended_at)) - $1::float8 / 1000)::numeric, 1)::float8 as last_end_s
         from job_runs where ended_at is not null group by function_id order by runs desc`,
      [since],
    );
    return rows.map((r) => ({ functionId: r.function_id, runs: r.runs, avgMs: r.avg_ms, maxMs: r.max_ms, lastEndS: r.last_end_s }));
  } finally {
    await c.end();
  }
}
