import { inArray, sql, type SQL } from "drizzle-orm";
import { transportSegments, type TransportSegmentRow } from "@/db/schema";
import { rowsOf } from "@/db/rows";
import type { Ctx } from "@/lib/context";
import type { SegmentStatus } from "@/lib/vocabulary";

/** The columns a change of rides writes, each with the SQL type its value is sent as. */
const COLUMNS = {
  status: { column: "status", cast: "text", json: false },
  cancellationReason: { column: "cancellation_reason", cast: "text", json: false },
  fleetRefusal: { column: "fleet_refusal", cast: "text", json: false },
  vehicle: { column: "vehicle", cast: "jsonb", json: true },
  passengers: { column: "passengers", cast: "jsonb", json: true },
  passengerCount: { column: "passenger_count", cast: "int", json: false },
  reservationUrns: { column: "reservation_urns", cast: "jsonb", json: true },
  specialRequirements: { column: "special_requirements", cast: "jsonb", json: true },
} as const;

export type SegmentChange = { urn: string; set: Partial<Pick<TransportSegmentRow, keyof typeof COLUMNS>> };

/**
 * Each segment given its own values, in one statement (UPDATE … FROM VALUES) where a loop wrote one
 * per segment: a chunk's plan, fleet answers and taxi replacements change dozens of rides at once.
 * Every change sets the same columns. With `onlyIf`, a segment no longer in one of those statuses
 * is left as it is (an operator changed it meanwhile). Answers the changed rows as they are now, read
 * back in one query; a segment left alone is not among them.
 */
export async function updateSegments(ctx: Ctx, changes: readonly SegmentChange[], opts: { onlyIf?: readonly SegmentStatus[] } = {}): Promise<TransportSegmentRow[]> {
  if (!changes.length) return [];
  const keys = Object.keys(changes[0].set) as (keyof typeof COLUMNS)[];
  if (changes.some((c) => Object.keys(c.set).length !== keys.length || keys.some((k) => !(k in c.set)))) throw new Error("updateSegments: every change must set the same columns");
  const at = new Date();
  const value = (k: keyof typeof COLUMNS, v: unknown): SQL => {
    const c = COLUMNS[k];
    const raw = v === null || v === undefined ? null : c.json ? JSON.stringify(v) : v;
    return sql`${raw}::${sql.raw(c.cast)}`;
  };
  const rows = sql.join(
    changes.map((c) => sql`(${sql.join([sql`${c.urn}::text`, ...keys.map((k) => value(k, c.set[k]))], sql`, `)})`),
    sql`, `,
  );
  const names = sql.raw(["urn", ...keys.map((k) => COLUMNS[k].column)].join(", "));
  const assignments = sql.raw(keys.map((k) => `${COLUMNS[k].column} = v.${COLUMNS[k].column}`).join(", "));
  const still = opts.onlyIf?.length ? sql` and t.status in (${sql.join(opts.onlyIf.map((s) => sql`${s}`), sql`, `)})` : sql``;
  const changed = await ctx.db.execute(sql`update ${transportSegments} as t set ${assignments}, updated_at = ${at}
      from (values ${rows}) as v(${names})
      where t.urn = v.urn${still}
      returning t.urn`);
  const urns = rowsOf<{ urn: string }>(changed).map((r) => r.urn);
  if (!urns.length) return [];
  return ctx.db.select().from(transportSegments).where(inArray(transportSegments.urn, urns));
}
