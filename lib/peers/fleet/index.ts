import { fleetClient } from "./client";
import { fleetSettings } from "./settings";
import type { TransportFleet } from "./types";

export * from "./types";
export { fleetClient } from "./client";
export { NO_VEHICLE } from "./wire";

/** The configured transport provider, or null when none is (no FLEET_URL and no sandbox started). */
export function transportFleet(): TransportFleet | null {
  const s = fleetSettings();
  return s.baseUrl ? fleetClient({ baseUrl: s.baseUrl, apiKey: s.apiKey, timeoutMs: s.timeoutMs }) : null;
}
