import { invalid } from "@/lib/errors";

/** Keyset cursors: the sort key of the last item, base64url-encoded JSON. */
export function encodeCursor(key: unknown[]): string {
  return Buffer.from(JSON.stringify(key)).toString("base64url");
}

export function decodeCursor(cursor: string | undefined): unknown[] | null {
  if (!cursor) return null;
  try {
    const v = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
    if (Array.isArray(v)) return v;
  } catch {
    /* fall through */
  }
  throw invalid("The cursor is not valid.", [{ path: "cursor", message: "use a nextCursor from a previous page" }]);
}

/** Splits a limit+1 fetch into a page and the next cursor. */
export function paginate<T>(rows: T[], limit: number, keyOf: (row: T) => unknown[]) {
  const items = rows.slice(0, limit);
  const nextCursor = rows.length > limit ? encodeCursor(keyOf(items[items.length - 1])) : null;
  return { items, nextCursor };
}
