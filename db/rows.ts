/** The rows of a `db.execute(sql…)` result: node-postgres, Neon and PGlite all answer `{ rows }`. */
export const rowsOf = <T = Record<string, unknown>>(result: unknown): T[] => (result as { rows: T[] }).rows;
