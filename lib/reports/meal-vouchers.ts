import { sql } from "drizzle-orm";
import type { Ctx } from "@/lib/context";
import type { AirportBasis } from "./figures";

type Row = Record<string, unknown>;

/**
 * Per airport and currency, the meal vouchers of live cases issued in [from, to) that were spent or
 * may still be (ISSUED, REDEEMED: a cancelled one costs nothing), and their face value. One statement.
 */
export async function addMealVouchers(ctx: Ctx, from: Date, to: Date, basis: (airport: string | null) => AirportBasis) {
  const result = await ctx.db.execute(sql`
    SELECT c.airport, v.currency, count(*)::int AS issued, sum(v.amount)::float8 AS cost
    FROM meal_vouchers v
    JOIN cases c ON c.urn = v.case_urn
    WHERE v.tenant = ${ctx.principal.tenant} AND c.mode = 'LIVE' AND v.status IN ('ISSUED', 'REDEEMED')
      AND v.issued_at >= ${from.toISOString()}::timestamptz AND v.issued_at < ${to.toISOString()}::timestamptz
    GROUP BY c.airport, v.currency
  `);
  for (const r of (result as unknown as { rows: Row[] }).rows) {
    const b = basis(r.airport as string);
    b.mealVouchersIssued += Number(r.issued);
    b.mealVoucherCost[r.currency as string] = (b.mealVoucherCost[r.currency as string] ?? 0) + Number(r.cost);
  }
}
