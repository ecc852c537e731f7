import { asc, desc, sql, type SQL } from "drizzle-orm";
import { cases, type CaseRow } from "@/db/schema";
import type { CursorKey } from "@/lib/http/cursor";
import { invalid } from "@/lib/errors";
import type { CaseSort, SortOrder } from "@/lib/vocabulary";

/** Status order for `sort=status`: what needs a person first, what is over last. */
const STATUS_RANK = ["MANUAL_REVIEW", "OPEN", "REOPENED", "ALLOCATING", "BOOKING", "ACCOMMODATED", "CLOSED"] as const;

const statusRank = sql<number>`(case ${sql.join(
  STATUS_RANK.map((s, i) => sql`when ${cases.status} = ${s} then ${i}`),
  sql` `,
)} else ${STATUS_RANK.length} end)`;

type Key = {
  expr: SQL;
  /** what the cursor carries of this key (lib/http/cursor.ts checks it before param sees it) */
  kind: CursorKey;
  /** the row's value of expr, as the cursor carries it */
  of: (row: CaseRow) => string | number;
  /** the cursor's value as SQL, or null when it is not one this key could have written */
  param: (v: unknown) => SQL | null;
};

const KEYS: Record<Exclude<CaseSort, "created">, Key> = {
  flight: {
    expr: sql`(${cases.flight}->>'number')`,
    kind: "text",
    of: (r) => r.flight.number,
    param: (v) => (typeof v === "string" ? sql`${v}` : null),
  },
  // a timestamp, not the text: "18:05:00Z" and "18:05:00.500Z" do not sort as text
  departure: {
    expr: sql`((${cases.flight}->>'scheduledDeparture')::timestamptz)`,
    kind: "time",
    of: (r) => new Date(r.flight.scheduledDeparture).toISOString(),
    param: (v) => (typeof v === "string" && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/.test(v) && !Number.isNaN(Date.parse(v)) ? sql`${v}::timestamptz` : null),
  },
  status: {
    expr: statusRank,
    kind: "int",
    of: (r) => STATUS_RANK.indexOf(r.status as (typeof STATUS_RANK)[number]),
    param: (v) => (Number.isInteger(v) && (v as number) >= -1 && (v as number) <= STATUS_RANK.length ? sql`${v as number}` : null),
  },
};

const badCursor = () => invalid("The cursor is not valid.", [{ path: "cursor", message: "use a nextCursor from a previous page of the same sort" }]);

/**
 * The ORDER BY, the keyset condition after a cursor and the cursor of a row, for one sort. Every
 * sort ends on the URN, so the order is total and a page boundary never skips or repeats a case.
 */
export function caseOrder(sort: CaseSort, order: SortOrder | undefined) {
  const dir = order ?? (sort === "created" ? "desc" : "asc");
  const by = dir === "asc" ? asc : desc;
  const cmp = dir === "asc" ? sql`>` : sql`<`;
  if (sort === "created") {
    return {
      by: [by(cases.urn)],
      cursor: ["urn"] as CursorKey[],
      keyOf: (r: CaseRow): unknown[] => [r.urn],
      after: (cursor: unknown[]): SQL => {
        if (cursor.length !== 1 || typeof cursor[0] !== "string") throw badCursor();
        return sql`${cases.urn} ${cmp} ${cursor[0]}`;
      },
    };
  }
  const key = KEYS[sort];
  return {
    by: [by(key.expr), by(cases.urn)],
    cursor: [key.kind, "urn"] as CursorKey[],
    keyOf: (r: CaseRow): unknown[] => [key.of(r), r.urn],
    after: (cursor: unknown[]): SQL => {
      const value = cursor.length === 2 && typeof cursor[1] === "string" ? key.param(cursor[0]) : null;
      if (!value) throw badCursor();
      return sql`(${key.expr}, ${cases.urn}) ${cmp} (${value}, ${cursor[1]})`;
    },
  };
}
