import { z } from "zod";
import { UtcTimestamp } from "@/lib/primitives";

/** The ride provider's wire format (a ride-hailing business API's voucher endpoints). */
const Place = z.object({ lat: z.number().min(-90).max(90), lon: z.number().min(-180).max(180), name: z.string().min(1).max(300) });

export const RideVoucherRequest = z.object({
  pickup: Place,
  dropoff: Place,
  pickupAfter: z.iso.datetime({ offset: true }),
  expiresAt: z.iso.datetime({ offset: true }),
  maxAmount: z.number().positive(),
  currency: z.string().regex(/^[A-Z]{3}$/),
  passengers: z.number().int().min(1).max(8),
  reference: z.string().min(1).max(200),
  /** a wheelchair user rides: only a wheelchair-accessible car may take the voucher (absent: any car) */
  accessible: z.boolean().optional(),
});
export type RideVoucherRequest = z.infer<typeof RideVoucherRequest>;

export const ProviderVoucher = z.object({
  id: z.string(),
  code: z.string(),
  link: z.string(),
  status: z.enum(["ACTIVE", "USED", "CANCELLED"]).optional(),
  /** the provider confirms the voucher is for wheelchair-accessible cars only */
  accessible: z.boolean().optional(),
});
export type ProviderVoucher = z.infer<typeof ProviderVoucher>;

export const RideError = z.object({ error: z.object({ code: z.string(), message: z.string() }) });

/** The signed usage callback POSTed to /api/v1/ride-vouchers/usage. */
export const RideUsage = z.object({
  id: z.string().min(1).max(200),
  reference: z.string().min(1).max(200),
  amount: z.number().min(0).max(100_000),
  currency: z.string().regex(/^[A-Z]{3}$/),
  // a real calendar date within the accepted window (not year 9999, not 2026-02-30)
  usedAt: UtcTimestamp,
});
export type RideUsage = z.infer<typeof RideUsage>;
