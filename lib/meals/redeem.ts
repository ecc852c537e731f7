import { eq } from "drizzle-orm";
import { mealVouchers } from "@/db/schema";
import { parseJson, readCapped } from "@/lib/http/body";
import { systemPrincipal } from "@/lib/auth/principal";
import { writeAudit } from "@/lib/audit/write";
import { type Ctx, transaction } from "@/lib/context";
import { invalid, notFound, unauthenticated } from "@/lib/errors";
import { issuesToErrors } from "@/lib/validation";
import { mealsSettings } from "@/lib/peers/meals/settings";
import { verifyHmacHex } from "@/lib/http/body-signature";
import { RedemptionCallback } from "@/lib/peers/meals/wire";

export type RedemptionResult = { mealVoucherUrn: string; status: "REDEEMED"; redeemedAmount: number; redeemedAt: string };

/**
 * The issuer's redemption callback, read and checked: X-Meal-Signature (HMAC-SHA256 of the raw body
 * with MEALS_SECRET) first, so an unsigned caller learns nothing (401, also with no issuer
 * configured); then the body (400/422); then the voucher by the issuer's id (404). The voucher moves
 * REDEEMED with the amount, audited "redeem"; a replay of the callback changes nothing and answers
 * the same. The issuer's word wins over a cancellation that crossed it (it was spent).
 */
export async function recordMealRedemption(ctx: Ctx, req: Request): Promise<RedemptionResult> {
  const raw = new TextDecoder().decode(await readCapped(req, 16 * 1024));
  const secret = mealsSettings()?.secret ?? "";
  if (!verifyHmacHex(secret, raw, req.headers.get("x-meal-signature"))) throw unauthenticated("A valid X-Meal-Signature (HMAC-SHA256 of the body with MEALS_SECRET) is required.");
  // 400 unless JSON; 422 for a NUL or lone surrogate anywhere (the id is looked up, the merchant audited)
  const json = parseJson(raw);
  const parsed = RedemptionCallback.safeParse(json);
  if (!parsed.success) throw invalid("The callback's fields are not what the issuer sends.", issuesToErrors(parsed.error));
  const callback = parsed.data;
  // by the issuer's id alone: the callback names no tenant; the voucher's own tenant audits it
  const [row] = await ctx.db.select().from(mealVouchers).where(eq(mealVouchers.providerRef, callback.id)).limit(1);
  if (!row) throw notFound(`The meal voucher ${callback.id}`);
  const system: Ctx = { ...ctx, principal: systemPrincipal(row.tenant, "meal-issuer") };
  return transaction(system, async (tx) => {
    const [locked] = await tx.db.select().from(mealVouchers).where(eq(mealVouchers.urn, row.urn)).for("update");
    if (locked.status === "REDEEMED") return resultOf(locked.urn, locked.redeemedAmount ?? callback.amount, locked.redeemedAt ?? new Date(callback.redeemedAt));
    const redeemedAt = new Date(callback.redeemedAt);
    await tx.db.update(mealVouchers).set({ status: "REDEEMED", redeemedAt, redeemedAmount: callback.amount }).where(eq(mealVouchers.urn, row.urn));
    await writeAudit(tx, {
      entity: "meal-voucher",
      entityUrn: row.urn,
      action: "redeem",
      reason: callback.merchant ? `at ${callback.merchant}` : undefined,
      before: { status: locked.status },
      after: { status: "REDEEMED", redeemedAmount: callback.amount },
    });
    return resultOf(row.urn, callback.amount, redeemedAt);
  });
}

const resultOf = (urn: string, amount: number, at: Date): RedemptionResult => ({ mealVoucherUrn: urn, status: "REDEEMED", redeemedAmount: amount, redeemedAt: at.toISOString() });
