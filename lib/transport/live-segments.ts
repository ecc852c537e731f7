import { and, eq, inArray, sql } from "drizzle-orm";
import { transportSegments, type TransportSegmentRow } from "@/db/schema";
import type { Ctx } from "@/lib/context";

/**
 * The live rides (PLANNED or ASSIGNED) of a case that carry any of these stays, in one read, in
 * pickup order: what the passenger's flow decides a chunk's rides from (lib/rides/arrange.ts).
 */
export async function liveSegmentsOf(ctx: Ctx, caseUrn: string, reservationUrns: readonly string[]): Promise<TransportSegmentRow[]> {
  if (!reservationUrns.length) return [];
  return ctx.db
    .select()
    .from(transportSegments)
    .where(
      and(
        eq(transportSegments.caseUrn, caseUrn),
        inArray(transportSegments.status, ["PLANNED", "ASSIGNED"]),
        sql`${transportSegments.reservationUrns} ?| array[${sql.join([...new Set(reservationUrns)].map((u) => sql`${u}`), sql`, `)}]::text[]`,
      ),
    )
    .orderBy(transportSegments.scheduledAt, transportSegments.urn);
}
