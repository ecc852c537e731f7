import { and, asc, eq, type SQL } from "drizzle-orm";
import { mealVouchers, passengers } from "@/db/schema";
import { requirePermission } from "@/lib/auth/require";
import { CaseRef } from "@/lib/cases/inputs";
import { loadCase } from "@/lib/cases/load";
import type { Ctx } from "@/lib/context";
import { parseInput } from "@/lib/validation";
import { type MealVoucherItem, MealVouchersQuery, type MealVoucherTotals } from "./schemas";
import { maskCode } from "@/lib/privacy/mask-code";

/**
 * GET /cases/{caseUrn}/meal-vouchers: a case's meal vouchers, by passenger and seq, for the roles
 * that read the case (loadCase's 404 and airport scope), with their totals (counts by status and
 * the cost by currency). Codes are masked but for their last 4: the code is the passenger's money.
 */
export async function listCaseMealVouchers({ ctx, input }: { ctx: Ctx; input: { caseUrn: string } & MealVouchersQuery }): Promise<{ items: MealVoucherItem[]; totals: MealVoucherTotals }> {
  requirePermission(ctx, "case:read", "read a case's meal vouchers");
  const { caseUrn } = parseInput(CaseRef, { caseUrn: input.caseUrn });
  const query = parseInput(MealVouchersQuery, { status: input.status, passengerId: input.passengerId });
  const kase = await loadCase(ctx, caseUrn);
  const where: (SQL | undefined)[] = [
    eq(mealVouchers.tenant, kase.tenant),
    eq(mealVouchers.caseUrn, kase.urn),
    query.status ? eq(mealVouchers.status, query.status) : undefined,
    query.passengerId ? eq(mealVouchers.passengerId, query.passengerId) : undefined,
  ];
  const rows = await ctx.db
    .select({ v: mealVouchers, firstName: passengers.firstName, lastName: passengers.lastName })
    .from(mealVouchers)
    .leftJoin(passengers, and(eq(passengers.caseUrn, mealVouchers.caseUrn), eq(passengers.passengerId, mealVouchers.passengerId)))
    .where(and(...where))
    .orderBy(asc(mealVouchers.passengerId), asc(mealVouchers.seq));
  const items = rows.map(({ v, firstName, lastName }) => ({
    urn: v.urn,
    passengerId: v.passengerId,
    name: [firstName, lastName].filter(Boolean).join(" ") || null,
    seq: v.seq,
    owedFrom: v.owedFrom.toISOString(),
    validUntil: v.validUntil?.toISOString() ?? null,
    amount: v.amount,
    currency: v.currency,
    status: v.status,
    code: maskCode(v.code),
    issuedAt: v.issuedAt?.toISOString() ?? null,
    redeemedAt: v.redeemedAt?.toISOString() ?? null,
    redeemedAmount: v.redeemedAmount ?? null,
    cancelReason: v.cancelReason ?? null,
    lastError: v.lastError ?? null,
  }));
  return { items, totals: mealTotals(items) };
}

/** Counts by status and the face value of the ISSUED and REDEEMED ones by currency. */
export function mealTotals(items: Pick<MealVoucherItem, "status" | "amount" | "currency">[]): MealVoucherTotals {
  const totals: MealVoucherTotals = { pending: 0, issued: 0, redeemed: 0, cancelled: 0, failed: 0, cost: {} };
  for (const v of items) {
    totals[v.status.toLowerCase() as "pending" | "issued" | "redeemed" | "cancelled" | "failed"] += 1;
    if (v.status === "ISSUED" || v.status === "REDEEMED") totals.cost[v.currency] = Math.round(((totals.cost[v.currency] ?? 0) + v.amount) * 100) / 100;
  }
  return totals;
}
