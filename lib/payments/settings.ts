import { config } from "@/lib/config";

/** Where a CARD authorization is asked: a case gets it from lib/peers/case-systems.ts (a drill's is its own sandbox). */
export type PaymentEndpoint = { baseUrl: string | null; apiKey: string; timeoutMs: number };

/** PSP_URL (the embedded sandbox when unset, see ./boot-sandbox), PSP_API_KEY, PSP_TIMEOUT_MS. */
export function paymentSettings(): PaymentEndpoint {
  return {
    baseUrl: config.PSP_URL ?? null,
    apiKey: config.PSP_API_KEY ?? SANDBOX_API_KEY,
    timeoutMs: config.PSP_TIMEOUT_MS,
  };
}

/** The key the sandbox accepts when none is configured. */
export const SANDBOX_API_KEY = "psp_sandbox_key";
