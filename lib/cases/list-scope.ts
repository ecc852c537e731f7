import { eq, inArray, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { cases } from "@/db/schema";
import { requireAirport } from "@/lib/auth/require";
import { airportFilter } from "@/lib/auth/scope";
import type { Ctx } from "@/lib/context";
import { isFeedOnly } from "./load";

/**
 * What a list of case records (cases, reservations, transport segments) may show the caller, as
 * the first conditions of its WHERE (the query joins `cases` when it lists another table): the
 * tenant's rows (`tenant` is the listed table's column), in the caller's airports, in the airport
 * asked for (403 OUT_OF_SCOPE when it is outside the caller's claims, not an empty page), and for a
 * FEED client only the cases it created.
 */
export function caseListScope(ctx: Ctx, tenant: PgColumn, airport: string | undefined): SQL[] {
  const where: SQL[] = [eq(tenant, ctx.principal.tenant)];
  if (airport) {
    requireAirport(ctx, airport);
    where.push(eq(cases.airport, airport));
  }
  const airports = airportFilter(ctx.principal);
  if (airports) where.push(inArray(cases.airport, airports));
  if (isFeedOnly(ctx)) where.push(eq(cases.createdBy, ctx.principal.sub));
  return where;
}
