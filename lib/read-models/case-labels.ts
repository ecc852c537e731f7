import { and, eq, inArray } from "drizzle-orm";
import { airports, cases } from "@/db/schema";
import { requirePermission } from "@/lib/auth/require";
import { airportFilter } from "@/lib/auth/scope";
import type { Ctx } from "@/lib/context";
import { dateTimeFormat } from "@/lib/time-zones";
import type { CaseMode } from "@/lib/vocabulary";

/** How a person names a case: its flight, route and day ("AF1234 CDG→JFK, 24 Nov"), never its URN. */
export type CaseLabel = { flight: string; route: string; day: string; airport: string; mode: CaseMode; label: string };

/**
 * The day of a departure at the airport it leaves from: a 23:30 departure in Paris is "24 Nov"
 * there even when it is already the 25th in UTC. An unknown zone falls back to UTC.
 */
export function departureDay(iso: string, timeZone: string | null): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return "";
  try {
    return dateTimeFormat("en-GB", { day: "numeric", month: "short", timeZone: timeZone ?? "UTC" }).format(at);
  } catch {
    return dateTimeFormat("en-GB", { day: "numeric", month: "short", timeZone: "UTC" }).format(at);
  }
}

/**
 * Labels of the caller's tenant's cases, by URN, in one query whatever the number of URNs: the
 * transport board, the audit and the review pages name a case by its flight this way (no N+1).
 * A URN of another tenant, of an airport outside the caller's, or of no case is left out; callers
 * fall back to "a case" (an audit entry of the caller's own refused request names such a case).
 */
export async function caseLabels({ ctx, input }: { ctx: Ctx; input: { urns: string[] } }): Promise<Record<string, CaseLabel>> {
  requirePermission(ctx, "read", "read case labels");
  const urns = [...new Set(input.urns.filter((u) => u.startsWith("urn:svc:case:")))];
  if (urns.length === 0) return {};
  const rows = await ctx.db
    .select({ urn: cases.urn, flight: cases.flight, airport: cases.airport, mode: cases.mode, timeZone: airports.timeZone })
    .from(cases)
    .leftJoin(airports, eq(airports.iata, cases.airport))
    .where(and(eq(cases.tenant, ctx.principal.tenant), inArray(cases.urn, urns), ...withinAirports(ctx)));
  return Object.fromEntries(
    rows.map((r) => {
      const route = `${r.flight.origin}→${r.flight.destination}`;
      const day = departureDay(r.flight.scheduledDeparture, r.timeZone);
      return [r.urn, { flight: r.flight.number, route, day, airport: r.airport, mode: r.mode, label: `${r.flight.number} ${route}, ${day}` }];
    }),
  );
}

const withinAirports = (ctx: Ctx) => {
  const scope = airportFilter(ctx.principal);
  return scope ? [inArray(cases.airport, scope)] : [];
};
