/**
 * True when err (or its cause, as drizzle wraps driver errors) is a PostgreSQL unique violation
 * (23505), optionally on one named index. node-postgres and PGlite both expose `code` and `constraint`.
 */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  for (let e = err, depth = 0; e && typeof e === "object" && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, constraint: name } = e as { code?: unknown; constraint?: unknown };
    if (code === "23505") return constraint === undefined || name === constraint;
  }
  return false;
}
