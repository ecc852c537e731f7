import path from "node:path";
import { config } from "./config/env";

/**
 * The configuration: every environment variable the app reads is declared, typed and described in
 * ./config/schema.ts and read through ./config/env.ts (`config.PORT`); nothing else reads
 * process.env. This file adds the values derived from several variables. The proxy and
 * next.config.ts import ./config/env directly: this file needs node:path.
 */
export { config, configOf, configProblems, ConfigError, rawVar, readVar, setVar } from "./config/env";
export { VARIABLES, type Config, type VarName } from "./config/schema";

/** Where the embedded database, the generated auth secret and other local state live. */
export function dataDir(): string {
  // runtime state, never part of the build output
  return path.resolve(/*turbopackIgnore: true*/ process.cwd(), config.DATA_DIR);
}

/** Hotel providers (lib/providers): a real URL and credentials replace the in-process sandbox. */
export type ProviderSettings = {
  expedia: { baseUrl: string | null; key: string; secret: string; tier: "SELF_SERVICE" | "ENTERPRISE" };
  hotelbeds: { baseUrl: string | null; key: string; secret: string };
  /** per provider call, search and booking alike */
  timeoutMs: number;
  /** how long searched offers are reused per tenant, airport and stay */
  offerCacheTtlSeconds: number;
  /** multiplies the sandboxes' room allotments (benchmarks of big meltdowns) */
  sandboxInventoryScale: number;
  /** search radius around the airport, km */
  searchRadiusKm: number;
};

/**
 * Days a finished job run (with its steps, its event and its effects' keys) is kept before the
 * retention job deletes it (lib/jobs/retention.ts). At least 1: an event's id stays a dedupe key
 * for as long as Inngest keeps one (24 h).
 */
export const jobRetentionDays = (): number => config.JOB_RETENTION_DAYS;

export function providerSettings(): ProviderSettings {
  return {
    expedia: { baseUrl: config.EXPEDIA_RAPID_URL ?? null, key: config.EXPEDIA_RAPID_KEY, secret: config.EXPEDIA_RAPID_SECRET, tier: config.EXPEDIA_RAPID_TIER },
    hotelbeds: { baseUrl: config.HOTELBEDS_URL ?? null, key: config.HOTELBEDS_KEY, secret: config.HOTELBEDS_SECRET },
    timeoutMs: config.PROVIDER_TIMEOUT_MS,
    offerCacheTtlSeconds: config.OFFER_CACHE_TTL_SECONDS,
    sandboxInventoryScale: config.SANDBOX_INVENTORY_SCALE,
    searchRadiusKm: config.HOTEL_SEARCH_RADIUS_KM,
  };
}
