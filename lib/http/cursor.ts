import { invalid } from "@/lib/errors";
import { urnKind } from "@/lib/ids";
import { unstorableText } from "@/lib/primitives";

/**
 * What one key of a cursor is, as the list that wrote it compares it: a record's URN, an instant,
 * a text (a flight number) or an integer (a rank). A cursor is a client's value: a key of another
 * kind (`["x"]` where an instant is compared) answered a 500 ("Invalid time value") before.
 */
export type CursorKey = "urn" | "time" | "text" | "int";

// instants the database compares without an out-of-range error: the years 1900..9999
const EARLIEST = Date.UTC(1900, 0, 1);
const LATEST = Date.UTC(10000, 0, 1);

const KEY_OK: Record<CursorKey, (v: unknown) => boolean> = {
  urn: (v) => typeof v === "string" && urnKind(v) !== null,
  time: (v) => {
    if (typeof v !== "string") return false;
    const at = Date.parse(v);
    return at >= EARLIEST && at < LATEST;
  },
  text: (v) => typeof v === "string" && v.length <= 200 && unstorableText(v) === null,
  int: (v) => Number.isSafeInteger(v),
};

const badCursor = () => invalid("The cursor is not valid.", [{ path: "cursor", message: "use a nextCursor from a previous page" }]);

/** Keyset cursors: the sort key of the last item, base64url-encoded JSON. */
export function encodeCursor(key: unknown[]): string {
  return Buffer.from(JSON.stringify(key)).toString("base64url");
}

/**
 * The keys of a cursor, each checked against the kinds its list compares (`shape`: by default one
 * URN, the order of most lists): anything else is 422 VALIDATION_FAILED naming `cursor`, on every
 * list, before a key reaches a query.
 */
export function decodeCursor(cursor: string | undefined, shape: readonly CursorKey[] = ["urn"]): unknown[] | null {
  if (!cursor) return null;
  let v: unknown;
  try {
    v = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    throw badCursor();
  }
  if (!Array.isArray(v) || v.length !== shape.length || !shape.every((kind, i) => KEY_OK[kind](v[i]))) throw badCursor();
  return v;
}

/** Splits a limit+1 fetch into a page and the next cursor. */
export function paginate<T>(rows: T[], limit: number, keyOf: (row: T) => unknown[]) {
  const items = rows.slice(0, limit);
  const nextCursor = rows.length > limit ? encodeCursor(keyOf(items[items.length - 1])) : null;
  return { items, nextCursor };
}
