import { and, inArray, sql, type SQL } from "drizzle-orm";
import { transportSegments, type TransportSegmentRow } from "@/db/schema";
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
 * is left as it is (an operator changed it meanwhile). Answers the changed rows as they are now (the
 * statement's RETURNING); a segment left alone is not among them.
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
  const assignments = Object.fromEntries(keys.map((k) => [k, sql.raw(`v.${COLUMNS[k].column}`)]));
  // the changed rows come back mapped by RETURNING: no second read
  return ctx.db
    .update(transportSegments)
    .set({ ...assignments, updatedAt: at })
    .from(sql`(values ${rows}) as v(${names})`)
    .where(and(sql`${transportSegments.urn} = v.urn`, opts.onlyIf?.length ? inArray(transportSegments.status, [...opts.onlyIf]) : undefined))
    .returning();
}
