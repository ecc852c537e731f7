import { envInt } from "@/lib/config";

/** Where a CARD authorization is asked: a case gets it from lib/peers/case-systems.ts (a drill's is its own sandbox). */
export type PaymentEndpoint = { baseUrl: string | null; apiKey: string; timeoutMs: number };

/** PSP_URL (the embedded sandbox when unset, see ./boot-sandbox), PSP_API_KEY, PSP_TIMEOUT_MS. */
export function paymentSettings(): PaymentEndpoint {
  return {
    baseUrl: process.env.PSP_URL || null,
    apiKey: process.env.PSP_API_KEY || SANDBOX_API_KEY,
    timeoutMs: Math.max(1, envInt("PSP_TIMEOUT_MS", 8000)),
  };
}

/** The key the sandbox accepts when none is configured. */
export const SANDBOX_API_KEY = "psp_sandbox_key";
