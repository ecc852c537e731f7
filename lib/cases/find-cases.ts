import { and, desc, eq, inArray, or, sql } from "drizzle-orm";
import { z } from "zod";
import { cases, passengerGroups } from "@/db/schema";
import { requirePermission } from "@/lib/auth/require";
import { airportFilter } from "@/lib/auth/scope";
import type { Ctx } from "@/lib/context";
import { Text } from "@/lib/primitives";
import { parseInput } from "@/lib/validation";
import { escapeLike } from "./list-search";
import type { CaseMode, CaseStatus } from "@/lib/vocabulary";

export const FindCasesInput = z.object({
  q: Text.trim().toUpperCase().min(2, "type at least two characters").max(100),
  limit: z.number().int().min(1).max(20).default(8),
});

export type FoundCase = {
  urn: string;
  flightNumber: string;
  airport: string;
  scheduledDeparture: string;
  status: CaseStatus;
  mode: CaseMode;
  /** the PNR that matched, when the match was a booking reference rather than the flight */
  pnr: string | null;
};

/**
 * Jump-to-case lookup (the console's command palette): cases in the caller's airports whose flight
 * number starts with `q` (spaces ignored: "AF 1234") or that hold a group with exactly that PNR,
 * newest first. Plain prefix and equality matches, so what is typed is what is found.
 */
export async function findCases({ ctx, input: raw }: { ctx: Ctx; input: z.input<typeof FindCasesInput> }): Promise<FoundCase[]> {
  requirePermission(ctx, "read", "search cases");
  const { q, limit } = parseInput(FindCasesInput, raw);
  const flight = q.replace(/\s+/g, "");
  const escaped = escapeLike(flight);
  const pnrMatch = sql<string | null>`(select ${passengerGroups.pnr} from ${passengerGroups} where ${passengerGroups.caseUrn} = ${cases.urn} and upper(${passengerGroups.pnr}) = ${q} limit 1)`;
  const where = [
    eq(cases.tenant, ctx.principal.tenant),
    or(sql`upper(${cases.flight}->>'number') like ${`${escaped}%`}`, sql`${pnrMatch} is not null`),
  ];
  const airports = airportFilter(ctx.principal);
  if (airports) where.push(inArray(cases.airport, airports));
  const rows = await ctx.db
    .select({ urn: cases.urn, flight: cases.flight, airport: cases.airport, status: cases.status, mode: cases.mode, pnr: pnrMatch })
    .from(cases)
    .where(and(...where))
    .orderBy(desc(cases.createdAt))
    .limit(limit);
  return rows.map((r) => ({
    urn: r.urn,
    flightNumber: r.flight.number,
    airport: r.airport,
    scheduledDeparture: r.flight.scheduledDeparture,
    status: r.status,
    mode: r.mode,
    pnr: r.pnr,
  }));
}
