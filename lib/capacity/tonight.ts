import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { capacityCallAnswers, capacityCalls } from "@/db/schema";
import { airportTimeZone } from "@/lib/cases/airports";
import type { Ctx } from "@/lib/context";
import type { BoardCapacityCall } from "@/lib/board/schemas";
import { nightOf, nightUnderWay } from "@/lib/cases/stay";

/**
 * Tonight's newest capacity call at an airport for the board, with its answers counted live: one
 * statement (the answers summed in it). Until the night's cutoff (lib/cases/stay.ts) a call of the
 * evening before still counts: the night is under way. Null when nobody called the airport
 * tonight. The caller has checked the airport scope.
 */
export async function tonightsCall(ctx: Ctx, airport: string, now: Date): Promise<BoardCapacityCall | null> {
  const timeZone = await airportTimeZone(ctx, airport);
  const nights = [...new Set([nightUnderWay(now, timeZone), nightOf(now, timeZone)])];
  const [row] = await ctx.db
    .select({
      urn: capacityCalls.urn,
      at: capacityCalls.createdAt,
      createdBy: capacityCalls.createdBy,
      roomsShort: capacityCalls.roomsShort,
      asked: sql<number>`jsonb_array_length(${capacityCalls.hotelUrns})::int`,
      answered: sql<number>`(select count(*)::int from ${capacityCallAnswers} where ${capacityCallAnswers.callUrn} = ${capacityCalls.urn})`,
      roomsOffered: sql<number>`(select coalesce(sum(${capacityCallAnswers.rooms}), 0)::int from ${capacityCallAnswers} where ${capacityCallAnswers.callUrn} = ${capacityCalls.urn})`,
    })
    .from(capacityCalls)
    .where(and(eq(capacityCalls.tenant, ctx.principal.tenant), eq(capacityCalls.airport, airport), inArray(capacityCalls.date, nights)))
    .orderBy(desc(capacityCalls.createdAt))
    .limit(1);
  if (!row) return null;
  return {
    urn: row.urn,
    at: row.at.toISOString(),
    automatic: row.createdBy.startsWith("system"),
    roomsShort: row.roomsShort,
    asked: row.asked,
    answered: row.answered,
    roomsOffered: row.roomsOffered,
  };
}
