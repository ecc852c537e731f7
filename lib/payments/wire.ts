import { z } from "zod";

/**
 * The payment service provider's wire format (a Stripe/Adyen-like authorization API):
 *   POST /v1/authorizations   Authorization: Bearer <api key>, Idempotency-Key: <reference>
 *     { token, amount, currency, reference, merchant } → 201 Authorization | 402 Decline
 * Amounts are decimal major units as the reservation holds them. The same reference answers the
 * same authorization, so a retried call never authorizes twice.
 */
export const AuthorizationRequest = z.object({
  token: z.string().min(1).max(255),
  amount: z.number().positive().max(10_000_000),
  currency: z.string().regex(/^[A-Z]{3}$/),
  reference: z.string().min(1).max(200),
  merchant: z.string().min(1).max(64),
});
export type AuthorizationRequest = z.infer<typeof AuthorizationRequest>;

export const Authorization = z.object({
  id: z.string(),
  status: z.literal("AUTHORIZED"),
  amount: z.number(),
  currency: z.string(),
  reference: z.string(),
});
export type Authorization = z.infer<typeof Authorization>;

/** 402 (declined) and 4xx (invalid): a code and a message, never the token. */
export const PspError = z.object({ error: z.object({ code: z.string(), message: z.string() }) });
export type PspError = z.infer<typeof PspError>;
