import { and, asc, eq, inArray, ne, sql } from "drizzle-orm";
import { cases, demands, passengerGroups } from "@/db/schema";
import { requirePermission } from "@/lib/auth/require";
import { airportFilter } from "@/lib/auth/scope";
import type { Ctx } from "@/lib/context";

/** A demand a supervisor has not decided yet, as the board's waiting list and the review queue show it. */
export type AwaitingDemand = {
  urn: string;
  caseUrn: string;
  airport: string;
  flightNumber: string | null;
  roomsRequested: number;
  /** rooms the manifest needs beyond the case's other live demands: the approve dialog's guard compares with it */
  stillNeeded: number;
  /** ISO instant the demand was requested: its age on the screen */
  requestedAt: string;
};

/**
 * The REQUESTED demands of open live cases in the caller's airports (or one airport), oldest first:
 * each waits for a supervisor's approval before anything is allocated, so it is work for a person
 * exactly like a review item (issue 31, point 2). Drills and shadow cases are left out, as on the board.
 */
export async function demandsAwaitingDecision({ ctx, airport }: { ctx: Ctx; airport?: string }): Promise<AwaitingDemand[]> {
  requirePermission(ctx, "read", "read the demands waiting for approval");
  const where = [eq(demands.tenant, ctx.principal.tenant), eq(demands.status, "REQUESTED"), eq(cases.mode, "LIVE"), ne(cases.status, "CLOSED")];
  const airports = airportFilter(ctx.principal);
  if (airports) where.push(inArray(cases.airport, airports));
  if (airport) where.push(eq(cases.airport, airport));
  const rows = await ctx.db
    .select({
      urn: demands.urn,
      caseUrn: demands.caseUrn,
      airport: cases.airport,
      flightNumber: sql<string | null>`${cases.flight}->>'number'`,
      roomsRequested: demands.roomsRequested,
      stillNeeded: sql<number>`(
        coalesce((select sum(g.rooms) from ${passengerGroups} g where g.case_urn = ${demands.caseUrn}), 0)
        - coalesce((select sum(o.rooms_requested) from ${demands} o where o.case_urn = ${demands.caseUrn} and o.urn <> ${demands.urn} and o.status <> 'REJECTED'), 0)
      )::int`,
      createdAt: demands.createdAt,
    })
    .from(demands)
    .innerJoin(cases, eq(cases.urn, demands.caseUrn))
    .where(and(...where))
    .orderBy(asc(demands.createdAt), asc(demands.urn))
    .limit(100);
  return rows.map(({ createdAt, ...r }) => ({ ...r, requestedAt: createdAt.toISOString() }));
}
