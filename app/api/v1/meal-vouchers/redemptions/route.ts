// POST /api/v1/meal-vouchers/redemptions – the issuer's signed callback: a meal voucher was spent
import { handle } from "@/lib/api/handler";
import { mealRedemptionRoute } from "@/lib/api/routes/meals";
import { recordMealRedemption } from "@/lib/meals/redeem";

export const dynamic = "force-dynamic";

export const POST = handle(mealRedemptionRoute, ({ ctx, req }) => recordMealRedemption(ctx, req));
