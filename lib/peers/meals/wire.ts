import { z } from "zod";

/** What we ask the issuer for: one voucher for one meal of one passenger. */
export const VoucherRequest = z.object({
  amount: z.number().positive(),
  currency: z.string().length(3),
  passengerRef: z.string().min(1).max(200),
  validFrom: z.string().datetime(),
  validUntil: z.string().datetime(),
  merchantCategory: z.literal("FOOD"),
});
export type VoucherRequest = z.infer<typeof VoucherRequest>;

/** The issuer's voucher: a code to show at the counter, or a virtual prepaid card (its last 4 digits). */
export const IssuerVoucher = z.object({
  id: z.string().min(1),
  code: z.string().min(1),
  cardLast4: z.string().optional(),
  status: z.string(),
});
export type IssuerVoucher = z.infer<typeof IssuerVoucher>;

/** The issuer's error body: `{ error: { code, message } }`. */
export const IssuerError = z.object({ error: z.object({ code: z.string(), message: z.string() }) });

/** The redemption callback the issuer POSTs, signed (X-Meal-Signature). */
export const RedemptionCallback = z
  .object({
    id: z.string().min(1).max(200).meta({ description: "the issuer's voucher id" }),
    amount: z.number().nonnegative().max(100_000).meta({ description: "what was spent, in the voucher's currency" }),
    redeemedAt: z.string().datetime({ offset: true }),
    merchant: z.string().max(200).optional(),
  })
  .meta({ id: "MealRedemptionCallback" });
export type RedemptionCallback = z.infer<typeof RedemptionCallback>;
