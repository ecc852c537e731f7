/**
 * How long each job function's runs waited for a worker during the event: per function, the lag of
 * each run made between `from` and `to` from its creation (the run is due at once: the dispatcher
 * writes it with next_run_at = now) to its first start (job_runs.started_at, kept across retries
 * and sleeps); a run not started yet counts until `until`, so a starved lane shows rather than
 * hides. Read from job_runs directly: on PostgreSQL over a connection, on the embedded database from
 * its data directory once the app has stopped (PGlite is one process's, and no API lists runs: the
 * console's Admin → Job runs page shows 50 at a time).
 */
import pg from "pg";

export type Lane = { runs: number; lagP99S: number; lagMaxS: number };
export type Lanes = Record<string, Lane>;

const LANES = `
  select function_id, count(*)::int as runs,
         percentile_disc(0.99) within group (order by lag) as p99, max(lag) as max
    from (select function_id, extract(epoch from coalesce(started_at, $3::timestamptz) - created_at)::float8 as lag
            from job_runs where created_at >= $1::timestamptz and created_at <= $2::timestamptz) runs
   group by function_id order by function_id`;

type Row = { function_id: string; runs: number; p99: number; max: number };
type Window = { from: number; to: number; until: number };

const params = (w: Window) => [new Date(w.from).toISOString(), new Date(w.to).toISOString(), new Date(w.until).toISOString()];
const r2 = (x: number) => Math.round(Number(x) * 100) / 100;

function toLanes(rows: Row[]): Lanes {
  return Object.fromEntries(rows.map((r) => [r.function_id, { runs: Number(r.runs), lagP99S: r2(r.p99), lagMaxS: r2(r.max) }]));
}

export async function lanesOnPostgres(url: string, w: Window): Promise<Lanes> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return toLanes((await c.query<Row>(LANES, params(w))).rows);
  } finally {
    await c.end();
  }
}

/** `dir`: the embedded database's directory (DATA_DIR/pgdata), which no process may hold open */
export async function lanesOnPglite(dir: string, w: Window): Promise<Lanes> {
  const { PGlite } = await import("@electric-sql/pglite");
  const db = new PGlite(dir);
  try {
    await db.waitReady;
    return toLanes((await db.query<Row>(LANES, params(w))).rows);
  } finally {
    await db.close();
  }
}
