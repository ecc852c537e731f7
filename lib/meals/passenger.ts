import { and, asc, eq, inArray } from "drizzle-orm";
import { mealVouchers, passengers } from "@/db/schema";
import type { Ctx } from "@/lib/context";
import { shortName } from "@/lib/privacy/short-name";
import type { PassengerMealVoucher } from "./schemas";

/**
 * The meal vouchers of a passenger page's party: those issued (with their whole code: the page is
 * the passenger's) and those spent, by guest and meal. Nothing for an erased passenger; PENDING,
 * FAILED and CANCELLED ones are not the passenger's to use.
 */
export async function partyMealVouchers(ctx: Ctx, caseUrn: string, groupId: string): Promise<PassengerMealVoucher[]> {
  const rows = await ctx.db
    .select({ v: mealVouchers, firstName: passengers.firstName, lastName: passengers.lastName, erasedAt: passengers.erasedAt })
    .from(mealVouchers)
    .innerJoin(passengers, and(eq(passengers.caseUrn, mealVouchers.caseUrn), eq(passengers.passengerId, mealVouchers.passengerId)))
    .where(and(eq(mealVouchers.caseUrn, caseUrn), eq(passengers.groupId, groupId), inArray(mealVouchers.status, ["ISSUED", "REDEEMED"])))
    .orderBy(asc(passengers.position), asc(passengers.passengerId), asc(mealVouchers.seq));
  return rows
    .filter((r) => !r.erasedAt && r.v.code)
    .map(({ v, firstName, lastName }) => ({
      guest: shortName(firstName, lastName) ?? "",
      seq: v.seq,
      status: v.status as "ISSUED" | "REDEEMED",
      code: v.code!,
      amount: v.amount,
      currency: v.currency,
      validFrom: v.owedFrom.toISOString(),
      validUntil: v.validUntil?.toISOString() ?? null,
    }));
}
