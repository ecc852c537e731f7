import { envInt } from "@/lib/config";

/** FLEET_URL (the embedded sandbox when unset, see ./boot-sandbox), FLEET_API_KEY, FLEET_TIMEOUT_MS. */
export function fleetSettings() {
  return {
    baseUrl: process.env.FLEET_URL || null,
    apiKey: process.env.FLEET_API_KEY || SANDBOX_FLEET_KEY,
    timeoutMs: Math.max(1, envInt("FLEET_TIMEOUT_MS", 8000)),
  };
}

/** The key the sandbox accepts when none is configured. */
export const SANDBOX_FLEET_KEY = "fleet_sandbox_key";
