import { providerSettings, type ProviderSettings } from "@/lib/config";
import type { Ctx } from "@/lib/context";
import { directProvider } from "./direct/client";
import { expediaRapid } from "./expedia-rapid/client";
import { hotelbeds } from "./hotelbeds/client";
import type { HotelProvider } from "./types";

const clients = new Map<string, HotelProvider>();

/** One client per configuration, so its access token is reused across searches and bookings. */
function memo(key: string, make: () => HotelProvider): HotelProvider {
  let client = clients.get(key);
  if (!client) {
    client = make();
    clients.set(key, client);
  }
  return client;
}

/**
 * The hotel sources of a tenant: the external providers that have a URL (a real one, or the
 * sandbox lib/boot.ts started) and the tenant's direct contracts.
 */
export function hotelSources(ctx: Ctx, settings: ProviderSettings = providerSettings()): { sources: HotelProvider[]; unconfigured: HotelProvider["id"][] } {
  const sources: HotelProvider[] = [];
  const unconfigured: HotelProvider["id"][] = [];
  const { expedia: e, hotelbeds: h, timeoutMs } = settings;
  if (e.baseUrl) {
    const config = { baseUrl: e.baseUrl, key: e.key, secret: e.secret, tier: e.tier, timeoutMs };
    sources.push(memo(`E|${JSON.stringify(config)}`, () => expediaRapid(config)));
  } else unconfigured.push("EXPEDIA_RAPID");
  if (h.baseUrl) {
    const config = { baseUrl: h.baseUrl, key: h.key, secret: h.secret, timeoutMs };
    sources.push(memo(`H|${JSON.stringify(config)}`, () => hotelbeds(config)));
  } else unconfigured.push("HOTELBEDS");
  sources.push(directProvider(ctx));
  return { sources, unconfigured };
}
