import { z } from "zod";
import { MealVoucherStatus } from "@/lib/vocabulary";
import { RedemptionCallback } from "@/lib/peers/meals/wire";

export const MealVouchersQuery = z.object({
  status: MealVoucherStatus.optional(),
  passengerId: z.string().trim().min(1).max(100).optional(),
});
export type MealVouchersQuery = z.input<typeof MealVouchersQuery>;

export const MealVoucherItem = z
  .object({
    urn: z.string(),
    passengerId: z.string(),
    name: z.string().nullable().meta({ description: "the passenger's name (null once erased)" }),
    seq: z.number().int().meta({ description: "the seq-th meal of the wait" }),
    owedFrom: z.string().meta({ description: "when it became (or becomes) owed; issued from then on" }),
    validUntil: z.string().nullable(),
    amount: z.number(),
    currency: z.string(),
    status: MealVoucherStatus,
    code: z.string().nullable().meta({ description: "the code or card, every character but the last 4 hidden" }),
    issuedAt: z.string().nullable(),
    redeemedAt: z.string().nullable(),
    redeemedAmount: z.number().nullable(),
    cancelReason: z.string().nullable(),
    lastError: z.string().nullable().meta({ description: "why a PENDING one is not issued yet ('no meal voucher issuer configured', a timeout …), or why it FAILED" }),
  })
  .meta({ id: "MealVoucher" });
export type MealVoucherItem = z.infer<typeof MealVoucherItem>;

export const MealVoucherTotals = z
  .object({
    pending: z.number().int(),
    issued: z.number().int().meta({ description: "ISSUED, not yet redeemed" }),
    redeemed: z.number().int(),
    cancelled: z.number().int(),
    failed: z.number().int(),
    cost: z.record(z.string(), z.number()).meta({ description: "by currency: the face value of the ISSUED and REDEEMED vouchers", example: { EUR: 45 } }),
  })
  .meta({ id: "MealVoucherTotals" });
export type MealVoucherTotals = z.infer<typeof MealVoucherTotals>;

export const MealVoucherList = z.object({ items: z.array(MealVoucherItem), totals: MealVoucherTotals }).meta({ id: "MealVoucherList" });

export const RedemptionResponse = z
  .object({ mealVoucherUrn: z.string(), status: z.literal("REDEEMED"), redeemedAmount: z.number(), redeemedAt: z.string() })
  .meta({ id: "MealRedemption" });

export { RedemptionCallback };

export const PassengerMealVoucher = z
  .object({
    guest: z.string().meta({ description: "first name and last initial, as the page's guests" }),
    seq: z.number().int(),
    status: z.enum(["ISSUED", "REDEEMED"]),
    code: z.string().meta({ description: "the code to show at the counter (the passenger's own page shows it whole)" }),
    amount: z.number(),
    currency: z.string(),
    validFrom: z.string(),
    validUntil: z.string().nullable(),
  })
  .meta({ id: "PassengerMealVoucher" });
export type PassengerMealVoucher = z.infer<typeof PassengerMealVoucher>;
