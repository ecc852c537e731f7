import { and, eq, ne } from "drizzle-orm";
import { cases, type TransportSegmentRow } from "@/db/schema";
import { airportTimeZone } from "@/lib/cases/airports";
import { nightUnderWay } from "@/lib/cases/stay";
import type { Ctx } from "@/lib/context";
import type { CaseMode } from "@/lib/vocabulary";

export type ShortfallKey = { tenant: string; airport: string; night: string; mode: CaseMode };
export type ShortfallScope = ShortfallKey & { timeZone: string; flightNumber: string };

/**
 * Which fleet shortfall a refused ride belongs to: its case's airport and the night the desk is
 * working when that case's passengers are stranded — lib/cases/stay.ts nightUnderWay of the
 * disrupted flight's departure, in the airport's zone. Every ride of the case (to the hotel that
 * evening, back the next morning) is of that night, and a departure at 01:00 still belongs to the
 * evening before, with the meltdown it is part of. Drills and shadow cases keep their own (mode).
 */
export async function shortfallScope(ctx: Ctx, segment: Pick<TransportSegmentRow, "caseUrn" | "airport">): Promise<ShortfallScope> {
  const [kase] = await ctx.db.select({ airport: cases.airport, flight: cases.flight, mode: cases.mode }).from(cases).where(eq(cases.urn, segment.caseUrn)).limit(1);
  const airport = segment.airport ?? kase?.airport ?? "";
  const timeZone = await airportTimeZone(ctx, airport);
  const departure = kase?.flight.scheduledDeparture ?? new Date().toISOString();
  return { tenant: ctx.principal.tenant, airport, night: nightUnderWay(departure, timeZone), mode: kase?.mode ?? "LIVE", timeZone, flightNumber: kase?.flight.number ?? "" };
}

/** The open cases of a shortfall's airport and mode whose night is its night (a meltdown's few dozen, read at its first refusal of a type). */
export async function casesOfNight(ctx: Ctx, scope: ShortfallScope): Promise<string[]> {
  const rows = await ctx.db
    .select({ urn: cases.urn, flight: cases.flight })
    .from(cases)
    .where(and(eq(cases.tenant, scope.tenant), eq(cases.airport, scope.airport), eq(cases.mode, scope.mode), ne(cases.status, "CLOSED")));
  return rows.filter((c) => nightUnderWay(c.flight.scheduledDeparture, scope.timeZone) === scope.night).map((c) => c.urn);
}
