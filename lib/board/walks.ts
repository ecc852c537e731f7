import { and, desc, eq, inArray, isNotNull, type SQLWrapper, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { reservations } from "@/db/schema";
import type { Ctx } from "@/lib/context";
import type { BoardHotelWalks } from "./schemas";

const successor = alias(reservations, "successor");

/**
 * Tonight's walks by hotel: the stays of the open live cases (`openCaseUrns`, the board's scope) a
 * hotel walked, those whose group a CONFIRMED (or since checked-out) replacement rehoused, and the
 * rest, still waiting for a room. One statement (reservations_previous_idx finds each replacement).
 */
export async function boardWalks(ctx: Ctx, openCaseUrns: SQLWrapper): Promise<BoardHotelWalks[]> {
  const rows = await ctx.db
    .select({
      hotelUrn: reservations.hotelUrn,
      hotelName: sql<string | null>`max(${reservations.hotelName})`,
      walked: sql<number>`count(distinct ${reservations.urn})::int`,
      rehoused: sql<number>`count(distinct ${successor.previousUrn})::int`,
    })
    .from(reservations)
    .leftJoin(successor, and(eq(successor.previousUrn, reservations.urn), inArray(successor.status, ["CONFIRMED", "CHECKED_OUT"])))
    .where(and(eq(reservations.tenant, ctx.principal.tenant), isNotNull(reservations.walkedAt), inArray(reservations.caseUrn, openCaseUrns)))
    .groupBy(reservations.hotelUrn)
    .orderBy(desc(sql`count(distinct ${reservations.urn})`), reservations.hotelUrn);
  return rows.map((r) => ({ ...r, waiting: Math.max(0, r.walked - r.rehoused) }));
}
