import { z } from "zod";
import { urnParam } from "@/lib/api/params";
import { defineRoute } from "@/lib/api/route";
import { MealVoucherList, MealVouchersQuery, RedemptionCallback, RedemptionResponse } from "@/lib/meals/schemas";

export const listCaseMealVouchersRoute = defineRoute({
  method: "GET",
  path: "/cases/{caseUrn}/meal-vouchers",
  tag: "Care",
  summary: "List a case's meal vouchers",
  description: [
    "The meal vouchers owed to the case's passengers, by passenger and seq (the seq-th meal of the wait), with `totals`:",
    "counts by status and `cost`, the face value of the ISSUED and REDEEMED ones by currency. Filters `status` and `passengerId`.",
    "Codes are masked but for their last 4. PENDING with `lastError` \"no meal voucher issuer configured\": MEALS_URL is not set.",
    "For the roles that read the case, under the same rules as GET /cases/{caseUrn} (404 for another tenant's, 403 OUT_OF_SCOPE outside the caller's airports).",
  ].join("\n"),
  permission: "case:read",
  params: z.object({ caseUrn: urnParam("case") }),
  query: MealVouchersQuery,
  response: MealVoucherList,
  errors: [404, 422],
});

export const mealRedemptionRoute = defineRoute({
  method: "POST",
  path: "/meal-vouchers/redemptions",
  tag: "Care",
  summary: "Receive a meal voucher redemption",
  description: [
    "The meal-voucher issuer's callback when a voucher is spent: JSON `{ id, amount, redeemedAt, merchant }`, `id` the issuer's.",
    "No bearer token: X-Meal-Signature is the hex HMAC-SHA256 of the raw body keyed with MEALS_SECRET; a missing or wrong one (or no issuer configured) is 401.",
    "The voucher moves REDEEMED with the amount (audited `meal-voucher.redeem`); a replay changes nothing and answers the same. An unknown id is 404.",
  ].join("\n"),
  permission: "public",
  signedJson: RedemptionCallback,
  response: RedemptionResponse,
  sets: { status: ["REDEEMED"] },
  errors: [400, 404, 422],
});
