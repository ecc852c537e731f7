import { and, eq } from "drizzle-orm";
import { cases, passengerGroups, type ReservationRow } from "@/db/schema";
import type { Ctx } from "@/lib/context";
import { DEFAULT_RECONFIRMATION, type ReconfirmationPolicy } from "@/lib/policies/hotel-word";
import { caseContext, matchPolicy } from "@/lib/policies/match";
import { expectedArrivals } from "@/lib/transport/expected-arrival";

export const MINUTE = 60_000;

/**
 * The policy section that sets a reservation's re-confirmation moments: that of the ACTIVE policy
 * matching its case and its group's tier, as allocation and care read it; the defaults when none does.
 */
export async function reconfirmationPolicy(ctx: Ctx, row: ReservationRow): Promise<ReconfirmationPolicy> {
  const [kase] = await ctx.db.select().from(cases).where(eq(cases.urn, row.caseUrn)).limit(1);
  const [group] = await ctx.db
    .select({ tier: passengerGroups.tier })
    .from(passengerGroups)
    .where(and(eq(passengerGroups.caseUrn, row.caseUrn), eq(passengerGroups.groupId, row.groupId)))
    .limit(1);
  if (!kase || !group?.tier) return DEFAULT_RECONFIRMATION;
  const policy = await matchPolicy(ctx, { ...caseContext(kase), tier: group.tier });
  return policy?.reconfirmation ?? DEFAULT_RECONFIRMATION;
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
