import { describe, expect, it } from "vitest";
import { POST as generate } from "@/app/api/v1/reports/route";
import { cancelMealVoucher } from "@/lib/meals/cancel";
import { call } from "@/tests/helpers/api";
import { roleToken } from "@/tests/helpers/cases";
import { mealsTestbed } from "./helpers";

const bed = mealsTestbed();

describe("the weekly report's meal vouchers", () => {
  it("counts the week's issued meal vouchers and their cost by currency; cancelled ones cost nothing", async () => {
    const { tenant, caseUrn, ctx } = await bed.assessedCase();
    await bed.runPlan(ctx, caseUrn);
    // one of the six cancelled: not counted
    const [first] = await bed.vouchersOf(caseUrn);
    await cancelMealVoucher(ctx, { urn: first.urn, reason: "test" });
    const weekOf = new Date().toISOString().slice(0, 10);
    const res = await call(generate, "/reports", { token: await roleToken(tenant, "OPS_SUPERVISOR"), body: { weekOf } });
    expect(res.status).toBe(201);
    const [all, cdg] = res.json.airports;
    expect(all).toMatchObject({ airport: "ALL", mealVouchersIssued: 5, mealVoucherCost: { EUR: 75 } });
    expect(cdg).toMatchObject({ airport: "CDG", mealVouchersIssued: 5, mealVoucherCost: { EUR: 75 } });
  });
});
