import { config } from "@/lib/config";

/** FLEET_URL (the embedded sandbox when unset, see ./boot-sandbox), FLEET_API_KEY, FLEET_TIMEOUT_MS. */
export function fleetSettings() {
  return {
    baseUrl: config.FLEET_URL ?? null,
    apiKey: config.FLEET_API_KEY ?? SANDBOX_FLEET_KEY,
    timeoutMs: config.FLEET_TIMEOUT_MS,
  };
}

/** The key the sandbox accepts when none is configured. */
export const SANDBOX_FLEET_KEY = "fleet_sandbox_key";
