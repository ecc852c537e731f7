import { sql } from "drizzle-orm";
import type { Db } from "@/db/client";

const rowsOf = <T>(r: unknown): T[] => ((r as { rows?: T[] }).rows ?? (r as T[]));

/**
 * Every place a string occurs in the database: each row of each table of the schema, every column
 * cast to text (row_to_json), searched case-insensitively. Answers "table.column: needle" lines.
 */
export async function findInDatabase(db: Db, needles: readonly string[]): Promise<string[]> {
  const tables = rowsOf<{ name: string }>(
    await db.execute(sql`select quote_ident(table_schema) || '.' || quote_ident(table_name) as name from information_schema.tables
      where table_schema not in ('pg_catalog', 'information_schema') and table_type = 'BASE TABLE'`),
  );
  const found = new Set<string>();
  for (const { name } of tables) {
    for (const { j } of rowsOf<{ j: string }>(await db.execute(sql.raw(`select row_to_json(t)::text as j from ${name} t`)))) {
      const lower = j.toLowerCase();
      for (const n of needles) {
        if (!lower.includes(n.toLowerCase())) continue;
        const row = JSON.parse(j) as Record<string, unknown>;
        const cols = Object.keys(row).filter((k) => JSON.stringify(row[k]).toLowerCase().includes(n.toLowerCase()));
        found.add(`${name}.${cols.join("+") || "?"}: ${n}`);
      }
    }
  }
  return [...found].sort();
}

/** Lines logged through console.log / console.error while `fn` runs (lib/log.ts writes there). */
export function captureLogs() {
  const lines: string[] = [];
  const original = { log: console.log, error: console.error, warn: console.warn };
  const keep = (...args: unknown[]) => void lines.push(args.map((a) => (typeof a === "string" ? a : JSON.stringify(a))).join(" "));
  console.log = keep;
  console.error = keep;
  console.warn = keep;
  return {
    lines,
    restore: () => Object.assign(console, original),
  };
}
