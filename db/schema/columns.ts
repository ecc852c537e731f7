import { sql } from "drizzle-orm";
import { type AnyPgColumn, check, timestamp } from "drizzle-orm/pg-core";

/** Creation and last-change times shared by every mutable table. */
export const lifecycle = {
  createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/**
 * Status and enum columns are `text(...).$type<X>()` plus this CHECK, both from the arrays of
 * lib/vocabulary.ts, rather than a pgEnum. Why: a vocabulary grows (new review categories, new
 * reservation states). With a CHECK, adding a value is one edit of lib/vocabulary.ts and a generated
 * migration that drops and re-adds the constraint, inside the migration's transaction, on every
 * driver. A pgEnum needs `ALTER TYPE … ADD VALUE`, whose new value cannot be used in the transaction
 * that adds it, and cannot drop or rename a value at all. The columns stay `text`, so typing them
 * changed no column type and existing rows only had to pass the check. A NULL passes (nullable columns).
 */
export function oneOf(name: string, column: AnyPgColumn, values: readonly string[]) {
  // the values are inlined into DDL: only vocabulary-shaped literals may get there
  const bad = values.find((v) => !/^[A-Z0-9_]+$/.test(v));
  if (bad !== undefined) throw new Error(`oneOf(${name}): "${bad}" is not a vocabulary value`);
  return check(name, sql`${column} IN (${sql.raw(values.map((v) => `'${v}'`).join(", "))})`);
}
