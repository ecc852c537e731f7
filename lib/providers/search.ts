import { and, eq, gt } from "drizzle-orm";
import { z } from "zod";
import { offerCache } from "@/db/schema";
import { airportFacts } from "@/lib/airport-facts";
import { requireAirport } from "@/lib/auth/require";
import { providerSettings, type ProviderSettings } from "@/lib/config";
import { type Ctx, tenantOf } from "@/lib/context";
import { invalid } from "@/lib/errors";
import { errorFields, log } from "@/lib/log";
import type { Provider } from "@/lib/vocabulary";
import { ProviderError } from "./errors";
import { Offer } from "./offer";
import { resolveHotelUrns } from "./registry";
import { hotelSources } from "./sources";
import { type HotelProvider, nightsBetween, type SearchQuery } from "./types";

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "a date YYYY-MM-DD");

export const HotelSearchInput = z
  .object({
    airport: z.string().regex(/^[A-Z]{3}$/, "an IATA airport code"),
    checkIn: isoDate,
    checkOut: isoDate,
    /** rooms wanted at one hotel at least (sources that filter by occupancy use it) */
    rooms: z.number().int().min(1).max(500).default(1),
    guestsPerRoom: z.number().int().min(1).max(8).default(2),
    radiusKm: z.number().positive().max(200).optional(),
  })
  .refine((s) => nightsBetween(s) >= 1 && nightsBetween(s) <= 30, { message: "checkOut must be 1 to 30 nights after checkIn", path: ["checkOut"] });
export type HotelSearchInput = z.input<typeof HotelSearchInput>;

/** How one source fared in a search: a wave records these, so a failing provider is visible. */
export type SourceReport = {
  provider: Provider;
  ok: boolean;
  ms: number;
  cached: boolean;
  offers: number;
  error?: string;
  /** when the offers were read from the source (a cached set: when it was fetched), ISO 8601 */
  asOf?: string;
};

export type HotelSearchResult = { offers: Offer[]; sources: SourceReport[] };

/**
 * Searches the three sources in parallel, each bounded by the provider timeout. External offers
 * are cached per tenant, airport, stay and occupancy for the cache TTL; direct contracts are our
 * own live inventory and never cached. A slow or failing source is reported, not thrown: the wave
 * goes on with what the others offered.
 */
export async function searchHotelOffers({
  ctx,
  input,
  sources: given,
  settings = providerSettings(),
}: {
  ctx: Ctx;
  input: HotelSearchInput;
  /** tests pass their own sources; by default the configured ones */
  sources?: HotelProvider[];
  settings?: ProviderSettings;
}): Promise<HotelSearchResult> {
  const q = HotelSearchInput.parse(input);
  requireAirport(ctx, q.airport);
  const airport = await airportFacts(ctx.db, q.airport);
  if (!airport) throw invalid("Unknown airport.", [{ path: "airport", message: `unknown IATA airport code ${q.airport}` }]);
  const configured = given ? { sources: given, unconfigured: [] } : hotelSources(ctx, settings);
  const query: SearchQuery = {
    airport: q.airport,
    latitude: airport.latitude,
    longitude: airport.longitude,
    radiusKm: q.radiusKm ?? settings.searchRadiusKm,
    currency: airport.currency,
    checkIn: q.checkIn,
    checkOut: q.checkOut,
    rooms: q.rooms,
    guestsPerRoom: q.guestsPerRoom,
  };
  const results = await Promise.all(configured.sources.map((source) => searchOne(ctx, source, query, settings)));
  const sources: SourceReport[] = [
    ...results.map((r) => r.report),
    ...configured.unconfigured.map((provider) => ({ provider, ok: false, ms: 0, cached: false, offers: 0, error: "not configured" })),
  ];
  for (const s of sources.filter((s) => !s.ok)) log("warn", "hotel source degraded", { airport: q.airport, provider: s.provider, error: s.error, ms: s.ms });
  return { offers: results.flatMap((r) => r.offers), sources };
}

async function searchOne(ctx: Ctx, source: HotelProvider, q: SearchQuery, settings: ProviderSettings): Promise<{ offers: Offer[]; report: SourceReport }> {
  const started = performance.now();
  const ms = () => Math.round(performance.now() - started);
  const cacheable = source.id !== "DIRECT" && settings.offerCacheTtlSeconds > 0;
  const key = {
    tenant: tenantOf(ctx),
    airport: q.airport,
    checkIn: q.checkIn,
    checkOut: q.checkOut,
    occupancy: `${q.rooms}x${q.guestsPerRoom}@${q.radiusKm}`,
    provider: source.id,
  };
  try {
    if (cacheable) {
      const cached = await readCache(ctx, key);
      if (cached) return { offers: cached.offers, report: { provider: source.id, ok: true, ms: ms(), cached: true, offers: cached.offers.length, asOf: cached.fetchedAt.toISOString() } };
    }
    const signal = AbortSignal.timeout(settings.timeoutMs);
    const asOf = new Date();
    const raw = await Promise.race([source.search(q, { signal }), rejectOnAbort(signal, source.id, settings.timeoutMs)]);
    const offers = (await resolveHotelUrns(ctx.db, q.airport, raw)).filter((o) => o.roomsAvailable > 0);
    if (cacheable) await writeCache(ctx, key, offers, settings.offerCacheTtlSeconds);
    return { offers, report: { provider: source.id, ok: true, ms: ms(), cached: false, offers: offers.length, asOf: asOf.toISOString() } };
  } catch (err) {
    if (!(err instanceof ProviderError)) log("error", "hotel source failed unexpectedly", { provider: source.id, ...errorFields(err) });
    const error = err instanceof ProviderError ? err.message : "internal error while searching this source";
    return { offers: [], report: { provider: source.id, ok: false, ms: ms(), cached: false, offers: 0, error } };
  }
}

/** The per-call timeout also bounds a source that ignores its signal (the database, a stuck socket). */
function rejectOnAbort(signal: AbortSignal, provider: Provider, timeoutMs: number): Promise<never> {
  return new Promise((_, reject) => {
    signal.addEventListener("abort", () => reject(new ProviderError(provider, "UNAVAILABLE", `no answer within ${timeoutMs} ms`)), { once: true });
  });
}

type CacheKey = { tenant: string; airport: string; checkIn: string; checkOut: string; occupancy: string; provider: string };

const whereKey = (k: CacheKey) =>
  and(
    eq(offerCache.tenant, k.tenant),
    eq(offerCache.airport, k.airport),
    eq(offerCache.checkIn, k.checkIn),
    eq(offerCache.checkOut, k.checkOut),
    eq(offerCache.occupancy, k.occupancy),
    eq(offerCache.provider, k.provider),
  );

async function readCache(ctx: Ctx, key: CacheKey): Promise<{ offers: Offer[]; fetchedAt: Date } | null> {
  const [row] = await ctx.db
    .select({ offers: offerCache.offers, fetchedAt: offerCache.fetchedAt })
    .from(offerCache)
    .where(and(whereKey(key), gt(offerCache.expiresAt, new Date())))
    .limit(1);
  if (!row) return null;
  // a cache written by an older shape is a miss, not an error
  const parsed = z.array(Offer).safeParse(row.offers);
  return parsed.success ? { offers: parsed.data, fetchedAt: row.fetchedAt } : null;
}

async function writeCache(ctx: Ctx, key: CacheKey, offers: Offer[], ttlSeconds: number): Promise<void> {
  const fetchedAt = new Date();
  const expiresAt = new Date(fetchedAt.getTime() + ttlSeconds * 1000);
  await ctx.db
    .insert(offerCache)
    .values({ ...key, offers, fetchedAt, expiresAt })
    .onConflictDoUpdate({ target: [offerCache.tenant, offerCache.airport, offerCache.checkIn, offerCache.checkOut, offerCache.occupancy, offerCache.provider], set: { offers, fetchedAt, expiresAt } });
}
