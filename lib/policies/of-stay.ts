import { and, eq } from "drizzle-orm";
import { allocationWaves, passengerGroups, policies, type ReservationRow } from "@/db/schema";
import type { Ctx } from "@/lib/context";
import { toPolicy } from "./record";
import type { Policy } from "./schemas";

/** The policy the group's stay was allocated under: the wave's policy of the group's tier (null for a manual booking). */
export async function stayPolicy(ctx: Ctx, r: ReservationRow): Promise<Policy | null> {
  const [row] = await ctx.db
    .select({ wavePolicies: allocationWaves.policies, tier: passengerGroups.tier })
    .from(allocationWaves)
    .leftJoin(passengerGroups, and(eq(passengerGroups.caseUrn, r.caseUrn), eq(passengerGroups.groupId, r.groupId)))
    .where(eq(allocationWaves.urn, r.waveUrn))
    .limit(1);
  const entry = row?.wavePolicies.find((p) => p.tier === row.tier) ?? row?.wavePolicies[0];
  if (!entry) return null;
  const [policy] = await ctx.db.select().from(policies).where(eq(policies.urn, entry.policyUrn)).limit(1);
  return policy ? toPolicy(policy) : null;
}
