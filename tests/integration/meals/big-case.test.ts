import { and, count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { mealVouchers } from "@/db/schema";
import { assessCare } from "@/lib/care/assess";
import { planMealVouchers } from "@/lib/meals/plan";
import { insertCase } from "@/tests/helpers/case-rows";
import { uniqueTenant } from "@/tests/helpers/factories";
import { mealsTestbed } from "./helpers";

const bed = mealsTestbed();

describe("meal vouchers of a big case", () => {
  // 2,500 passengers × 3 meals: far more bind parameters than one statement may carry (65,535, on
  // PostgreSQL and PGlite alike), so the plan writes its rows in several statements
  it("are all written for 2,500 passengers (7,500 meals)", async () => {
    const tenant = uniqueTenant();
    const ctx = bed.ctxOf(tenant);
    const { urn } = await insertCase(bed.database.db, { tenant, groups: Array.from({ length: 25 }, (_, i) => ({ groupId: `BIG${i}`, tier: "ECONOMY" as const, passengers: 100 })) });
    await assessCare(ctx, urn, "CASE_CREATED");
    // the case's clock: cancelled 18:05 UTC, next flight 09:30 the next day, meals at 18:05, 00:05, 06:05
    const plan = await planMealVouchers(ctx, urn, new Date("2026-11-21T19:00:00Z"));
    const [{ n }] = await bed.database.db.select({ n: count() }).from(mealVouchers).where(and(eq(mealVouchers.caseUrn, urn), eq(mealVouchers.status, "PENDING")));
    expect(n).toBe(7_500);
    expect(plan.due).toHaveLength(2_500);
    expect(plan.later).toHaveLength(5_000);
  });
});
