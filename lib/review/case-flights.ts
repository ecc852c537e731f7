import { and, eq, inArray } from "drizzle-orm";
import { cases, type FlightJson } from "@/db/schema";
import { requirePermission } from "@/lib/auth/require";
import { airportFilter } from "@/lib/auth/scope";
import type { Ctx } from "@/lib/context";
import type { CaseMode } from "@/lib/vocabulary";

export type ReviewCaseLabel = { airport: string; flight: FlightJson; mode: CaseMode };

/** The flight, airport and mode of the cases behind a page of review items, so the queue can name them (and mark drills). */
export async function reviewCaseLabels(
  ctx: Ctx,
  caseUrns: string[],
): Promise<Map<string, ReviewCaseLabel>> {
  requirePermission(ctx, "read", "read review items");
  const labels = new Map<string, ReviewCaseLabel>();
  const urns = [...new Set(caseUrns)];
  if (urns.length === 0) return labels;
  const scope = airportFilter(ctx.principal);
  const rows = await ctx.db
    .select({ urn: cases.urn, airport: cases.airport, flight: cases.flight, mode: cases.mode })
    .from(cases)
    .where(
      // the caller's airports only: a review item names its case, and a label must not reach further
      and(eq(cases.tenant, ctx.principal.tenant), inArray(cases.urn, urns), ...(scope ? [inArray(cases.airport, scope)] : [])),
    );
  for (const r of rows)
    labels.set(r.urn, { airport: r.airport, flight: r.flight, mode: r.mode });
  return labels;
}
