import { config } from "@/lib/config";
import { sandboxKey } from "@/lib/kept-secret";

export type RidesEndpoint = {
  baseUrl: string;
  apiKey: string;
  /** the key the provider signs its usage callbacks with (X-Ride-Signature, HMAC-SHA256) */
  secret: string;
  timeoutMs: number;
};

/**
 * RIDES_URL (the ride provider's base URL; `sandbox` starts ours at boot, see ./boot-sandbox),
 * RIDES_KEY (bearer key), RIDES_SECRET (usage callbacks' signing key), RIDES_TIMEOUT_MS. Null when
 * RIDES_URL is unset (or still `sandbox` because the sandbox did not start): vouchers stay PENDING
 * with lastError naming RIDES_URL, never a ride at an unknown peer.
 */
export function ridesSettings(): RidesEndpoint | null {
  const url = config.RIDES_URL;
  if (!url || url === "sandbox") return null;
  return { baseUrl: url, apiKey: config.RIDES_KEY ?? "", secret: config.RIDES_SECRET ?? "", timeoutMs: config.RIDES_TIMEOUT_MS };
}

/**
 * What a ride voucher may cost and how long it is good for: RIDE_VOUCHER_MAX_AMOUNT (80, in the
 * airport's currency) and RIDE_VOUCHER_VALID_HOURS (6, from the pickup time).
 */
export function rideVoucherSettings() {
  return { maxAmount: config.RIDE_VOUCHER_MAX_AMOUNT, validHours: config.RIDE_VOUCHER_VALID_HOURS };
}

/**
 * The key and signing secret the sandbox uses by default (and the drills' sandbox always):
 * generated per installation and kept under DATA_DIR (constants in the source let anyone sign a
 * usage callback and mark any ride USED).
 */
export const sandboxRidesKey = (): string => sandboxKey("sandbox-rides-key");
export const sandboxRidesSecret = (): string => sandboxKey("sandbox-rides-secret");
