import { and, eq, inArray } from "drizzle-orm";
import { cases, passengerGroups, type ReservationRow } from "@/db/schema";
import type { Ctx } from "@/lib/context";
import { DEFAULT_RECONFIRMATION, type ReconfirmationPolicy } from "@/lib/policies/hotel-word";
import { caseContext, matchPolicies } from "@/lib/policies/match";
import { expectedArrivals } from "@/lib/transport/expected-arrival";

export const MINUTE = 60_000;

/**
 * The policy section that sets a reservation's re-confirmation moments: that of the ACTIVE policy
 * matching its case and its group's tier, as allocation and care read it; the defaults when none does.
 */
export async function reconfirmationPolicy(ctx: Ctx, row: ReservationRow): Promise<ReconfirmationPolicy> {
  return (await reconfirmationPolicies(ctx, [row])).get(row.urn) ?? DEFAULT_RECONFIRMATION;
}

/**
 * reconfirmationPolicy for stays of one case at once (a wave's chunk): the case and its groups'
 * tiers read once, the policies matched once for the tiers among them. By reservation URN.
 */
export async function reconfirmationPolicies(ctx: Ctx, rows: ReservationRow[]): Promise<Map<string, ReconfirmationPolicy>> {
  const out = new Map<string, ReconfirmationPolicy>(rows.map((r) => [r.urn, DEFAULT_RECONFIRMATION]));
  for (const caseUrn of new Set(rows.map((r) => r.caseUrn))) {
    const ofCase = rows.filter((r) => r.caseUrn === caseUrn);
    const [kase] = await ctx.db.select().from(cases).where(eq(cases.urn, caseUrn)).limit(1);
    if (!kase) continue;
    const groups = await ctx.db
      .select({ groupId: passengerGroups.groupId, tier: passengerGroups.tier })
      .from(passengerGroups)
      .where(and(eq(passengerGroups.caseUrn, caseUrn), inArray(passengerGroups.groupId, [...new Set(ofCase.map((r) => r.groupId))])));
    const tierOf = new Map(groups.filter((g) => g.tier).map((g) => [g.groupId, g.tier!]));
    const tiers = [...new Set(tierOf.values())];
    if (!tiers.length) continue;
    const policies = await matchPolicies(ctx, { ...caseContext(kase), tiers });
    for (const r of ofCase) {
      const tier = tierOf.get(r.groupId);
      out.set(r.urn, (tier && policies.get(tier)?.reconfirmation) || DEFAULT_RECONFIRMATION);
    }
  }
  return out;
}

/**
 * What BEFORE_ARRIVAL counts back from: the pickup of the ride from the airport that carries the
 * passengers (lib/transport/expected-arrival.ts), so a hotel that gave the rooms away is found
 * before the group boards; the reservation's check-in when no ride carries it.
 */
export async function arrivalMoment(ctx: Ctx, row: ReservationRow): Promise<Date> {
  return (await expectedArrivals(ctx, [row.urn])).get(row.urn)?.pickupAt ?? row.checkIn;
}

export function beforeArrival(arrival: Date, minutes: number): Date {
  return new Date(arrival.getTime() - minutes * MINUTE);
}
