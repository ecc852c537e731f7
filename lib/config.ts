import path from "node:path";

/** Where the embedded database, the generated auth secret and other local state live. */
export function dataDir(): string {
  // runtime state, never part of the build output
  return path.resolve(/*turbopackIgnore: true*/ process.cwd(), process.env.DATA_DIR || ".data");
}

export function envInt(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const n = Number(raw);
  return Number.isFinite(n) && n >= 0 ? Math.floor(n) : fallback;
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

export function providerSettings(): ProviderSettings {
  const env = process.env;
  const scale = Number(env.SANDBOX_INVENTORY_SCALE);
  return {
    expedia: {
      baseUrl: env.EXPEDIA_RAPID_URL || null,
      key: env.EXPEDIA_RAPID_KEY || "sandbox-key",
      secret: env.EXPEDIA_RAPID_SECRET || "sandbox-secret",
      tier: env.EXPEDIA_RAPID_TIER === "ENTERPRISE" ? "ENTERPRISE" : "SELF_SERVICE",
    },
    hotelbeds: { baseUrl: env.HOTELBEDS_URL || null, key: env.HOTELBEDS_KEY || "sandbox-key", secret: env.HOTELBEDS_SECRET || "sandbox-secret" },
    timeoutMs: Math.max(1, envInt("PROVIDER_TIMEOUT_MS", 8000)),
    offerCacheTtlSeconds: envInt("OFFER_CACHE_TTL_SECONDS", 300),
    sandboxInventoryScale: Number.isFinite(scale) && scale > 0 ? scale : 1,
    searchRadiusKm: Math.max(1, envInt("HOTEL_SEARCH_RADIUS_KM", 60)),
  };
}

/**
 * Days a finished job run (with its steps, its event and its effects' keys) is kept before the
 * retention job deletes it (lib/jobs/retention.ts). At least 1: an event's id stays a dedupe key
 * for as long as Inngest keeps one (24 h).
 */
export function jobRetentionDays(): number {
  return Math.max(1, envInt("JOB_RETENTION_DAYS", 14));
}
