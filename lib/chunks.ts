import { getTableColumns, type Table } from "drizzle-orm";

/**
 * PostgreSQL's wire protocol counts a statement's bind parameters in 16 bits, so one statement
 * carries at most 65,535 of them; PGlite speaks the same protocol and has the same limit.
 */
export const MAX_BIND_PARAMETERS = 65_535;

/** Rows past this go in another statement anyway: a statement's text and its round trip stay small. */
const MAX_ROWS = 1_000;

/** `xs` in consecutive slices of at most `size` items, in order (the last may be shorter). */
export function chunks<T>(xs: readonly T[], size: number): T[][] {
  if (!(size >= 1)) throw new RangeError(`chunk size must be at least 1, got ${size}`);
  const out: T[][] = [];
  for (let i = 0; i < xs.length; i += size) out.push(xs.slice(i, i + size));
  return out;
}

/**
 * The rows of a multi-row INSERT into `table`, in slices that each fit one statement: drizzle
 * binds at most one parameter per column of a row (a column left out is written `default`), so a
 * slice of MAX_BIND_PARAMETERS / columns rows never passes the limit, however many rows a case
 * brings (a meal plan writes one row per passenger and meal: docs/meal-vouchers.md).
 */
export function insertChunks<T>(table: Table, rows: readonly T[]): T[][] {
  const columns = Object.keys(getTableColumns(table)).length;
  return chunks(rows, Math.max(1, Math.min(MAX_ROWS, Math.floor(MAX_BIND_PARAMETERS / columns))));
}

/**
 * fn over the items, at most `limit` at once, the answers in the items' order: a chunk's calls to a
 * peer overlap without opening one connection per item. The first error is thrown once every
 * started call has settled (no call is left running behind the caller's back).
 */
export async function boundedMap<T, R>(items: readonly T[], limit: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  let failure: { err: unknown } | null = null;
  const worker = async () => {
    while (!failure && next < items.length) {
      const i = next++;
      try {
        out[i] = await fn(items[i], i);
      } catch (err) {
        failure ??= { err };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  if (failure) throw (failure as { err: unknown }).err;
  return out;
}
