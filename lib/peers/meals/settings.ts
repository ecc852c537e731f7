import { config } from "@/lib/config";
import { sandboxKey } from "@/lib/kept-secret";

/** Where meal vouchers are issued: a case gets it from lib/peers/case-systems.ts (a drill's is its own sandbox). */
export type MealsEndpoint = { baseUrl: string; apiKey: string; secret: string; timeoutMs: number };

/**
 * MEALS_URL (the issuer's base URL; `sandbox` starts ours at boot, ./boot-sandbox), MEALS_KEY (the
 * Bearer key), MEALS_SECRET (the shared secret its redemption callbacks are signed with),
 * MEALS_TIMEOUT_MS. Null when MEALS_URL is unset: no issuer, vouchers stay PENDING and say so.
 */
export function mealsSettings(): MealsEndpoint | null {
  const url = config.MEALS_URL;
  if (!url || url === "sandbox") return null;
  return { baseUrl: url.replace(/\/+$/, ""), apiKey: config.MEALS_KEY ?? "", secret: config.MEALS_SECRET ?? "", timeoutMs: mealsTimeoutMs() };
}

export const mealsTimeoutMs = () => config.MEALS_TIMEOUT_MS;

/** What a voucher left PENDING says when no issuer is configured (the console shows it). */
export const NO_ISSUER = "no meal voucher issuer configured";

/**
 * The key and secret the sandbox uses by default (and the drills' sandbox always): generated per
 * installation and kept under DATA_DIR (constants in the source let anyone sign a redemption).
 */
export const sandboxMealsKey = (): string => sandboxKey("sandbox-meals-key");
export const sandboxMealsSecret = (): string => sandboxKey("sandbox-meals-secret");
