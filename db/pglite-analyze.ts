/**
 * PostgreSQL's autovacuum daemon keeps each table's statistics fresh; PGlite runs no daemon, so a
 * table that grew from empty during a meltdown kept being planned as empty: a form of the board's
 * reach count took 86 ms on analyzed tables and 0.65–1.6 s on the same rows without
 * statistics (docs/embedded-database.md). The embedded database's process (db/pglite-server.ts)
 * calls this every ANALYZE_EVERY_MS between transactions: autovacuum's rule, by size instead of
 * its counters (PGlite's are reset at each open), analyzes the tables that grew by a fifth since
 * their last ANALYZE, or were never analyzed, once they hold a few pages.
 */
export const ANALYZE_EVERY_MS = 10_000;
/** below this a table is read whole whatever the plan: not worth an ANALYZE */
const MIN_PAGES = 8;
const GROWTH = 1.2;

type Pglite = { query: <T>(sql: string) => Promise<{ rows: T[] }>; exec: (sql: string) => Promise<unknown> };

/** Analyzes the grown tables of the public schema; answers their names. */
export async function analyzeGrownTables(db: Pglite): Promise<string[]> {
  const { rows } = await db.query<{ name: string }>(`
    select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind = 'r'
      and pg_relation_size(c.oid) >= ${MIN_PAGES} * current_setting('block_size')::int
      and (c.reltuples < 0 or pg_relation_size(c.oid) > ${GROWTH} * c.relpages * current_setting('block_size')::int)
    order by c.relname`);
  for (const { name } of rows) await db.exec(`analyze public."${name.replace(/"/g, '""')}"`);
  return rows.map((r) => r.name);
}
