import { and, eq, notInArray, sql } from "drizzle-orm";
import { type CaseRow, passengers } from "@/db/schema";
import type { Ctx } from "@/lib/context";
import { caseContext, matchPolicies } from "@/lib/policies/match";
import type { Policy } from "@/lib/policies/schemas";
import { inPassOrder } from "@/lib/policies/schemas";
import type { OperationalStatus, Tier } from "@/lib/vocabulary";
import type { TierPolicy } from "./auto-approval";

// passengers who need no room: cancelled, or with no overnight gap left
const ROOMLESS: OperationalStatus[] = ["CANCELLED", "LOCAL_RESIDENT"];

/**
 * The tiers of a case's passengers who need rooms, each with the ACTIVE policy that applies to it
 * and its number of passengers (policyOfRecord names the policy of most of them). A tier the
 * manifest lacked (null, under a DATA_INCOMPLETE item) matches no policy and is skipped.
 */
export async function casePolicies(ctx: Ctx, caseRow: CaseRow): Promise<TierPolicy<Policy>[]> {
  const rows = await ctx.db
    .select({ tier: passengers.tier, passengers: sql<number>`count(*)::int` })
    .from(passengers)
    .where(and(eq(passengers.caseUrn, caseRow.urn), eq(passengers.tenant, caseRow.tenant), notInArray(passengers.operationalStatus, ROOMLESS)))
    .groupBy(passengers.tier);
  const counts = new Map(rows.flatMap((r) => (r.tier === null ? [] : [[r.tier, r.passengers] as const])));
  const tiers = inPassOrder([...counts.keys()] as Tier[]);
  const matched = await matchPolicies(ctx, { ...caseContext(caseRow), tiers });
  return tiers.map((tier) => ({ tier, policy: matched.get(tier) ?? null, passengers: counts.get(tier) ?? 0 }));
}
