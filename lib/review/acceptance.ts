import { and, eq, gte, lt, sql } from "drizzle-orm";
import { reviewItems } from "@/db/schema";
import { requireAirport } from "@/lib/auth/require";
import type { Ctx } from "@/lib/context";

export type AcceptanceShare = {
  /** items of the tenant (and airport) resolved in [from, to) */
  resolved: number;
  /** of those, items where an action took one of the exception agent's recommendations */
  resolvedByAcceptingAgent: number;
  /** resolvedByAcceptingAgent / resolved, null when nothing was resolved */
  share: number | null;
};

/**
 * The weekly report's agent figure (issue 11 part 4): of the review items resolved in the period,
 * how many were resolved after an operator took a recommendation whose source is the agent
 * (review_items.accepted_recommendation, written by lib/review/accept.ts). Items are counted by
 * resolvedAt, `to` excluded. A query for a report verb, which checks the permission; the airport,
 * when given, must be in the caller's scope.
 */
export async function acceptanceShare(ctx: Ctx, { from, to, airport }: { from: Date; to: Date; airport?: string }): Promise<AcceptanceShare> {
  if (airport) requireAirport(ctx, airport);
  const [row] = await ctx.db
    .select({
      resolved: sql<number>`count(*)::int`,
      byAgent: sql<number>`(count(*) filter (where ${reviewItems.acceptedRecommendation}->>'source' = 'agent'))::int`,
    })
    .from(reviewItems)
    .where(
      and(
        eq(reviewItems.tenant, ctx.principal.tenant),
        eq(reviewItems.state, "RESOLVED"),
        gte(reviewItems.resolvedAt, from),
        lt(reviewItems.resolvedAt, to),
        airport ? eq(reviewItems.airport, airport) : undefined,
      ),
    );
  const resolved = Number(row?.resolved ?? 0);
  const byAgent = Number(row?.byAgent ?? 0);
  return { resolved, resolvedByAcceptingAgent: byAgent, share: resolved ? byAgent / resolved : null };
}
