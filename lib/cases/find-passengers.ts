import { and, asc, desc, eq, inArray, ne, or, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { cases, passengerGroups, passengers } from "@/db/schema";
import { requirePermission } from "@/lib/auth/require";
import { airportFilter } from "@/lib/auth/scope";
import type { Ctx } from "@/lib/context";
import { Text } from "@/lib/primitives";
import { parseInput } from "@/lib/validation";
import type { CaseStatus } from "@/lib/vocabulary";
import { escapeLike } from "./list-search";
import { FOLD_FROM, FOLD_TO, searchTerms } from "./passenger-search-terms";

export const FindPassengersInput = z.object({
  q: Text.trim().min(2, "type at least two characters").max(100),
  limit: z.number().int().min(1).max(20).default(12),
});

export type PassengerMatch = "name" | "pnr" | "id" | "email" | "phone";

export type FoundPassenger = {
  caseUrn: string;
  flightNumber: string;
  airport: string;
  scheduledDeparture: string;
  caseStatus: CaseStatus;
  groupId: string;
  pnr: string;
  passengerId: string;
  firstName: string | null;
  lastName: string | null;
  /** the passenger's personal data was erased: no name, email or phone, and none was matched */
  erased: boolean;
  email: string | null;
  phone: string | null;
  /** what the text matched, so the palette can say why this passenger is listed */
  matched: PassengerMatch;
};

const folded = (col: SQL) => sql`translate(lower(${col}), ${FOLD_FROM}, ${FOLD_TO})`;

/**
 * The command palette's passenger lookup: passengers of the OPEN cases (every status but CLOSED) of
 * the caller's tenant and airports — the cases list's scope — whose name contains the text (folded:
 * "muller" finds Müller, "Martin Amélie" and "amelie martin" the same person), whose PNR or id is
 * the text, whose email contains it, or whose phone holds the same digits (the last nine: "+33 6 12
 * 34 56 78" finds "06 12 34 56 78"). At most `limit` rows, newest case first, then the manifest's
 * order. Every role that may search (read) may read the case, and the case API gives them names,
 * email and phone, so the contacts come back with the match; an erased passenger's are null and
 * match nothing.
 *
 * Bounded without a new index: the cases are found through cases_tenant_airport_status_idx and
 * their passengers through the (case_urn, …) primary key, so the cost is the passengers of the
 * open cases in scope (a 3,000-passenger case answers in a few milliseconds: the integration test
 * measures it); `limit` stops the scan once enough are found.
 */
export async function findPassengers({ ctx, input: raw }: { ctx: Ctx; input: z.input<typeof FindPassengersInput> }): Promise<FoundPassenger[]> {
  requirePermission(ctx, "read", "search passengers");
  const { q, limit } = parseInput(FindPassengersInput, raw);
  const t = searchTerms(q);
  const fullName = sql`coalesce(${passengers.firstName}, '') || ' ' || coalesce(${passengers.lastName}, '')`;
  const reversed = sql`coalesce(${passengers.lastName}, '') || ' ' || coalesce(${passengers.firstName}, '')`;
  const namePattern = `%${escapeLike(t.name)}%`;
  const byName = sql`(${folded(fullName)} like ${namePattern} or ${folded(reversed)} like ${namePattern})`;
  const byPnr = sql`upper(${passengerGroups.pnr}) = ${t.reference}`;
  const byId = sql`upper(${passengers.passengerId}) = ${t.reference}`;
  const byEmail = t.email ? sql`lower(${passengers.email}) like ${`%${escapeLike(t.email)}%`}` : sql`false`;
  const byPhone = t.phone ? sql`regexp_replace(${passengers.phone}, '[^0-9]', '', 'g') like ${`%${t.phone}%`}` : sql`false`;
  // the first test that holds names the match; the same order as the palette explains them
  const matched = sql<PassengerMatch>`case when ${byPnr} then 'pnr' when ${byId} then 'id' when ${byPhone} then 'phone' when ${byEmail} then 'email' else 'name' end`;

  const where = [eq(cases.tenant, ctx.principal.tenant), ne(cases.status, "CLOSED"), or(byName, byPnr, byId, byEmail, byPhone)];
  const airports = airportFilter(ctx.principal);
  if (airports) where.push(inArray(cases.airport, airports));
  const rows = await ctx.db
    .select({
      caseUrn: cases.urn,
      flight: cases.flight,
      airport: cases.airport,
      caseStatus: cases.status,
      groupId: passengers.groupId,
      pnr: passengerGroups.pnr,
      passengerId: passengers.passengerId,
      firstName: passengers.firstName,
      lastName: passengers.lastName,
      erasedAt: passengers.erasedAt,
      email: passengers.email,
      phone: passengers.phone,
      matched,
    })
    .from(cases)
    .innerJoin(passengers, eq(passengers.caseUrn, cases.urn))
    .innerJoin(passengerGroups, and(eq(passengerGroups.caseUrn, passengers.caseUrn), eq(passengerGroups.groupId, passengers.groupId)))
    .where(and(...where))
    .orderBy(desc(cases.createdAt), asc(passengerGroups.position), asc(passengers.position), asc(passengers.passengerId))
    .limit(limit);
  return rows.map((r) => ({
    caseUrn: r.caseUrn,
    flightNumber: r.flight.number,
    airport: r.airport,
    scheduledDeparture: r.flight.scheduledDeparture,
    caseStatus: r.caseStatus,
    groupId: r.groupId,
    pnr: r.pnr,
    passengerId: r.passengerId,
    firstName: r.firstName,
    lastName: r.lastName,
    erased: r.erasedAt !== null,
    email: r.email,
    phone: r.phone,
    matched: r.matched,
  }));
}
