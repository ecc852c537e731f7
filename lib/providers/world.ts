import countryToCurrency from "country-to-currency";
import type { Amenity, Provider } from "@/lib/vocabulary";
import { prng, type Rng } from "@/lib/prng";

/**
 * The one seeded "ground truth" of hotels around each demo hub. Both sandbox providers and the
 * demo direct contracts derive their listings from it, so the same hotel appears under several
 * sources the way it does in the real world: other ids, name variants, coordinates a few metres
 * (or, at times, a few hundred metres) apart, another star rating, a shared GIATA-like code only
 * sometimes. Each of the three dedupe rules of spec 4.8 is needed for some hotels:
 *  KEY      both listings carry the shared hotelKey; names and addresses differ, coordinates > 100 m
 *           apart: only rule 1 (shared id) joins them;
 *  NEAR     no shared key, other name, coordinates < 100 m, same stars: only rule 2 joins them;
 *  NAME     no shared key, same name and address, coordinates > 100 m apart or stars differ: rule 3;
 *  KEY_NEAR the common case: shared key and near coordinates.
 * Pure and deterministic: the same seed, airport and scale give the same world.
 */

export type Hub = {
  code: string;
  country: string;
  city: string;
  /** how hotel names spell the airport: "Charles de Gaulle" */
  airportName: string;
  latitude: number;
  longitude: number;
  /** a 3-star night in the local currency, the market's anchor */
  baseRate: number;
  phonePrefix: string;
  districts: string[];
  streets: string[];
};

export const HUBS: Record<string, Hub> = {
  CDG: { code: "CDG", country: "FR", city: "Paris", airportName: "Charles de Gaulle", latitude: 49.0097, longitude: 2.5479, baseRate: 125, phonePrefix: "+33 1", districts: ["Roissy-en-France", "Le Mesnil-Amelot", "Tremblay-en-France", "Villepinte", "Goussainville", "Saint-Denis", "Marne-la-Vallée", "Senlis"], streets: ["Rue de la Haye", "Avenue des Nations", "Allée du Verger", "Rue de Paris", "Boulevard du Chemin Vert"] },
  ORY: { code: "ORY", country: "FR", city: "Paris", airportName: "Orly", latitude: 48.7262, longitude: 2.3652, baseRate: 115, phonePrefix: "+33 1", districts: ["Rungis", "Orly", "Massy", "Antony", "Thiais", "Créteil", "Juvisy", "Versailles"], streets: ["Avenue Charles Lindbergh", "Rue du Pont des Halles", "Avenue de Stalingrad", "Rue de la Résistance"] },
  LHR: { code: "LHR", country: "GB", city: "London", airportName: "Heathrow", latitude: 51.47, longitude: -0.4543, baseRate: 115, phonePrefix: "+44 20", districts: ["Hounslow", "Hayes", "Slough", "Staines", "Uxbridge", "Feltham", "Richmond", "Windsor"], streets: ["Bath Road", "Sipson Road", "Stockley Road", "Hatton Road", "Great South-West Road"] },
  FRA: { code: "FRA", country: "DE", city: "Frankfurt", airportName: "Airport", latitude: 50.0379, longitude: 8.5622, baseRate: 110, phonePrefix: "+49 69", districts: ["Kelsterbach", "Neu-Isenburg", "Mörfelden", "Offenbach", "Rüsselsheim", "Eschborn", "Darmstadt", "Mainz"], streets: ["Unterschweinstiege", "Frankfurter Straße", "Mörfelder Landstraße", "Hugo-Eckener-Ring"] },
  AMS: { code: "AMS", country: "NL", city: "Amsterdam", airportName: "Schiphol", latitude: 52.3105, longitude: 4.7683, baseRate: 135, phonePrefix: "+31 20", districts: ["Hoofddorp", "Badhoevedorp", "Amstelveen", "Haarlem", "Zuidas", "Lisse", "Uithoorn", "Sloterdijk"], streets: ["Schipholboulevard", "Kruisweg", "Burgemeester van Stamplein", "Stationsplein"] },
  MAD: { code: "MAD", country: "ES", city: "Madrid", airportName: "Barajas", latitude: 40.4983, longitude: -3.5676, baseRate: 95, phonePrefix: "+34 91", districts: ["Barajas", "Alcobendas", "San Fernando de Henares", "Coslada", "Torrejón de Ardoz", "Chamartín", "Alcalá de Henares"], streets: ["Avenida de Logroño", "Calle Galeón", "Avenida de Aragón", "Calle Alcalá"] },
  FCO: { code: "FCO", country: "IT", city: "Rome", airportName: "Fiumicino", latitude: 41.8003, longitude: 12.2389, baseRate: 105, phonePrefix: "+39 06", districts: ["Fiumicino", "Ostia", "Parco Leonardo", "Torrimpietra", "EUR", "Magliana", "Trastevere"], streets: ["Via Portuense", "Via dell'Aeroporto", "Viale Leonardo da Vinci", "Via della Scafa"] },
  JFK: { code: "JFK", country: "US", city: "New York", airportName: "JFK", latitude: 40.6413, longitude: -73.7781, baseRate: 195, phonePrefix: "+1 718", districts: ["Jamaica", "Howard Beach", "Valley Stream", "Long Island City", "Rosedale", "Flushing", "Brooklyn", "Elmont"], streets: ["Rockaway Boulevard", "Conduit Avenue", "North Conduit Avenue", "Sunrise Highway", "Van Wyck Expressway"] },
  DXB: { code: "DXB", country: "AE", city: "Dubai", airportName: "Dubai Airport", latitude: 25.2532, longitude: 55.3657, baseRate: 430, phonePrefix: "+971 4", districts: ["Al Garhoud", "Deira", "Al Qusais", "Festival City", "Bur Dubai", "Al Nahda", "Business Bay"], streets: ["Airport Road", "Al Maktoum Road", "Sheikh Zayed Road", "Al Nahda Street"] },
  SIN: { code: "SIN", country: "SG", city: "Singapore", airportName: "Changi", latitude: 1.3644, longitude: 103.9915, baseRate: 220, phonePrefix: "+65 6", districts: ["Changi", "Tampines", "Pasir Ris", "Bedok", "Katong", "Geylang", "Kallang"], streets: ["Airport Boulevard", "Changi Business Park", "Tampines Avenue", "East Coast Road"] },
  HND: { code: "HND", country: "JP", city: "Tokyo", airportName: "Haneda", latitude: 35.5494, longitude: 139.7798, baseRate: 17000, phonePrefix: "+81 3", districts: ["Ota", "Kamata", "Shinagawa", "Kawasaki", "Omori", "Tennozu", "Yokohama"], streets: ["Haneda Kuko", "Kamata", "Konan", "Minami-Oi"] },
  SYD: { code: "SYD", country: "AU", city: "Sydney", airportName: "Sydney Airport", latitude: -33.9399, longitude: 151.1753, baseRate: 215, phonePrefix: "+61 2", districts: ["Mascot", "Arncliffe", "Rockdale", "Wolli Creek", "Botany", "Redfern", "Surry Hills", "Cronulla"], streets: ["O'Riordan Street", "Bourke Road", "Princes Highway", "Gardeners Road"] },
};

export const EXTERNAL_PROVIDERS = ["EXPEDIA_RAPID", "HOTELBEDS"] as const satisfies readonly Provider[];
export type ExternalProvider = (typeof EXTERNAL_PROVIDERS)[number];

export type DedupeClass = "KEY" | "NEAR" | "NAME" | "KEY_NEAR" | "SINGLE";

/** One provider's view of a world hotel. */
export type Listing = {
  provider: ExternalProvider;
  /** the provider's own id: an 8-digit property id (Expedia) or a 5-6 digit code (Hotelbeds) */
  id: string;
  name: string;
  address: string;
  latitude: number;
  longitude: number;
  stars: number | null;
  /** the shared GIATA-like code when this provider exposes it */
  hotelKey: string | null;
  /** rooms per night this provider may sell */
  rooms: number;
  accessibleRooms: number;
  /** per room and night, local currency */
  rate: number;
};

export type WorldHotel = {
  worldId: string;
  airport: string;
  /** GIATA-like provider-independent code; listings expose it only sometimes */
  giata: string;
  name: string;
  chainId: string | null;
  address: string;
  phone: string;
  latitude: number;
  longitude: number;
  distanceKm: number;
  stars: number | null;
  amenities: Amenity[];
  acceptsGuarantee: boolean;
  currency: string;
  /** the market's nightly rate; providers price around it */
  marketRate: number;
  dedupe: DedupeClass;
  listings: Partial<Record<ExternalProvider, Listing>>;
  /** a demo direct contract: the tenant's allotment at a negotiated rate below the market */
  direct: { rooms: number; rate: number } | null;
};

export type WorldOptions = { seed?: number; scale?: number };

export const DEFAULT_WORLD_SEED = 7;
/** hotels per hub: with both providers' allotments ~2,700 rooms a night at scale 1 */
const HOTELS_PER_HUB = 72;

type Brand = { name: string; chainId: string | null; stars: (number | null)[] };
const BRANDS: Brand[] = [
  { name: "ibis budget", chainId: "ACCOR", stars: [2] },
  { name: "ibis", chainId: "ACCOR", stars: [3] },
  { name: "ibis Styles", chainId: "ACCOR", stars: [3] },
  { name: "Novotel", chainId: "ACCOR", stars: [4] },
  { name: "Mercure", chainId: "ACCOR", stars: [4, 3] },
  { name: "Pullman", chainId: "ACCOR", stars: [5, 4] },
  { name: "Hampton by Hilton", chainId: "HILTON", stars: [3] },
  { name: "Hilton Garden Inn", chainId: "HILTON", stars: [4, 3] },
  { name: "DoubleTree by Hilton", chainId: "HILTON", stars: [4] },
  { name: "Hilton", chainId: "HILTON", stars: [4, 5] },
  { name: "Moxy", chainId: "MARRIOTT", stars: [3] },
  { name: "Courtyard by Marriott", chainId: "MARRIOTT", stars: [4, 3] },
  { name: "Sheraton", chainId: "MARRIOTT", stars: [4, 5] },
  { name: "Marriott", chainId: "MARRIOTT", stars: [5, 4] },
  { name: "Holiday Inn Express", chainId: "IHG", stars: [3, 2] },
  { name: "Holiday Inn", chainId: "IHG", stars: [4, 3] },
  { name: "Crowne Plaza", chainId: "IHG", stars: [4] },
  { name: "InterContinental", chainId: "IHG", stars: [5] },
  { name: "Best Western", chainId: "BW", stars: [3, 2] },
  { name: "Best Western Plus", chainId: "BW", stars: [4, 3] },
];
const INDEPENDENT_PREFIXES = ["Hotel", "Airport Inn", "Park Hotel", "Grand Hotel", "Residence", "Comfort Lodge", "Garden Hotel", "Hotel du Lac", "Sky Hotel", "Transit Hotel"];
const INDEPENDENT_STARS: (number | null)[] = [2, 3, 3, 4, null, null, 3, 2];
const STAR_FACTOR: Record<string, number> = { "2": 0.62, "3": 1, "4": 1.45, "5": 2.3, null: 0.72 };
const CYCLE: DedupeClass[] = ["KEY_NEAR", "NEAR", "KEY", "NAME", "KEY_NEAR"];

function hashString(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** A point `km` away from (lat, lon) towards `bearing` radians. */
export function offsetPoint(lat: number, lon: number, km: number, bearing: number): { latitude: number; longitude: number } {
  const dLat = (km / 111.32) * Math.cos(bearing);
  const dLon = (km / (111.32 * Math.cos((lat * Math.PI) / 180))) * Math.sin(bearing);
  return { latitude: round6(lat + dLat), longitude: round6(lon + dLon) };
}

/** Great-circle distance in km. */
export function distanceKm(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLon = (b.longitude - a.longitude) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371.0088 * Math.asin(Math.min(1, Math.sqrt(h)));
}

const round6 = (n: number) => Math.round(n * 1e6) / 1e6;
const round2 = (n: number) => Math.round(n * 100) / 100;

export function currencyOf(hub: Hub): string {
  return (countryToCurrency as Record<string, string>)[hub.country] ?? "USD";
}

/** Prices in currencies without minor units (JPY) are whole numbers. */
function money(amount: number, currency: string): number {
  return currency === "JPY" ? Math.round(amount) : round2(amount);
}

function pickAmenities(rng: Rng, stars: number | null, near: boolean): Amenity[] {
  const s = stars ?? 2;
  const tags: Amenity[] = ["WIFI"];
  if (s >= 4 || rng.next() < 0.55) tags.push("24H_RECEPTION");
  if (near ? rng.next() < 0.75 : rng.next() < 0.25) tags.push("AIRPORT_SHUTTLE");
  if (s >= 3 || rng.next() < 0.3) tags.push("RESTAURANT");
  if (s >= 4 && rng.next() < 0.8) tags.push("ROOM_SERVICE");
  if (rng.next() < 0.8) tags.push("ACCESSIBLE_ROOMS");
  if (rng.next() < 0.4) tags.push("CONNECTING_ROOMS");
  if (s >= 4 || rng.next() < 0.25) tags.push("GYM");
  if (rng.next() < 0.7) tags.push("PARKING");
  if (rng.next() < 0.3) tags.push("LATE_CHECKOUT");
  if (rng.next() < 0.3) tags.push("EARLY_CHECK_IN");
  if (rng.next() < 0.35) tags.push("FAMILY_ROOMS");
  return tags;
}

/** "Novotel Paris Charles de Gaulle Airport" → "Novotel Paris CDG Airport": another provider's spelling. */
function nameVariant(name: string, hub: Hub): string {
  if (name.includes(hub.airportName) && hub.airportName !== hub.code) return name.replace(hub.airportName, hub.code);
  if (name.includes(" by ")) return name.replace(/ by (Hilton|Marriott)/, "");
  return `${name} Hotel`;
}

/** "12 Rue de la Haye, Roissy-en-France" → "Rue de la Haye 12, Roissy-en-France": another provider's formatting. */
function addressVariant(address: string): string {
  return address.replace(/^(\d+) ([^,]+),/, "$2 $1,");
}

function worldFor(airport: string, seed: number, scale: number): WorldHotel[] {
  const hub = HUBS[airport];
  if (!hub) return [];
  const rng = prng(hashString(`${seed}:${airport}`));
  const currency = currencyOf(hub);
  const names = new Set<string>();
  const hotels: WorldHotel[] = [];
  let bothListed = 0;
  for (let i = 0; i < HOTELS_PER_HUB; i++) {
    // every hub gets some unrated independents and some hotels refusing a guarantee, whatever the seed
    const unrated = i % 12 === 7;
    const independent = unrated || rng.next() < 0.3;
    const brand = independent ? null : rng.pick(BRANDS);
    const stars = unrated ? null : brand ? rng.pick(brand.stars) : rng.pick(INDEPENDENT_STARS);
    // most airport hotels cluster within a few km; some are in town, up to ~45 km out
    const km = 0.6 + 44 * rng.next() ** 2.2;
    const point = offsetPoint(hub.latitude, hub.longitude, km, rng.next() * 2 * Math.PI);
    const near = km < 6;
    const district = rng.pick(hub.districts);
    const place = near ? `${hub.city} ${hub.airportName}${hub.airportName.includes("Airport") ? "" : " Airport"}` : `${hub.city} ${district}`;
    let name = brand ? `${brand.name} ${place}` : `${rng.pick(INDEPENDENT_PREFIXES)} ${near ? `${hub.airportName} ${district}` : district}`;
    for (let n = 2; names.has(name); n++) name = `${name.replace(/ \d+$/, "")} ${n}`;
    names.add(name);
    const address = `${1 + rng.int(180)} ${rng.pick(hub.streets)}, ${district}`;
    const marketRate = money(hub.baseRate * STAR_FACTOR[String(stars)] * (near ? 1.08 : 1) * (0.85 + rng.next() * 0.35), currency);
    const pattern = i % 4; // 0: Expedia only, 1: Hotelbeds only, 2 and 3: both
    const listedBy: ExternalProvider[] = pattern === 0 ? ["EXPEDIA_RAPID"] : pattern === 1 ? ["HOTELBEDS"] : ["EXPEDIA_RAPID", "HOTELBEDS"];
    const dedupe: DedupeClass = listedBy.length === 2 ? CYCLE[bothListed++ % CYCLE.length] : "SINGLE";
    const giata = String(100000 + (hashString(`${airport}:${i}:giata`) % 900000));
    const hotel: WorldHotel = {
      worldId: `${airport}-${String(i + 1).padStart(3, "0")}`,
      airport,
      giata,
      name,
      chainId: brand?.chainId ?? null,
      address,
      phone: `${hub.phonePrefix} ${String(1000000 + rng.int(8999999)).replace(/(\d{3})(\d{4})$/, "$1 $2")}`,
      latitude: point.latitude,
      longitude: point.longitude,
      distanceKm: Math.round(km * 100) / 100,
      stars,
      amenities: pickAmenities(rng, stars, near),
      acceptsGuarantee: i % 11 !== 3 && rng.next() > 0.12,
      currency,
      marketRate,
      dedupe,
      listings: {},
      direct: null,
    };
    for (const provider of listedBy) hotel.listings[provider] = listingOf(hotel, provider, hub, rng, scale);
    // a few hotels per hub with a negotiated contract, cheaper than any provider sells them
    if (i % 9 === 2) {
      const cheapest = Math.min(...Object.values(hotel.listings).map((l) => l.rate));
      hotel.direct = { rooms: Math.max(1, Math.round((10 + rng.int(21)) * scale)), rate: money(cheapest * (0.78 + rng.next() * 0.1), currency) };
    }
    hotels.push(hotel);
  }
  return hotels;
}

function listingOf(hotel: WorldHotel, provider: ExternalProvider, hub: Hub, rng: Rng, scale: number): Listing {
  const expedia = provider === "EXPEDIA_RAPID";
  const d = hotel.dedupe;
  const keyShared = d === "KEY" || d === "KEY_NEAR";
  // Hotelbeds is the "other" spelling; Expedia keeps the canonical name, address and position
  const variantName = !expedia && (d === "KEY" || d === "NEAR");
  let hotelKey: string | null;
  if (keyShared) hotelKey = hotel.giata;
  else if (d === "NEAR") hotelKey = expedia ? hotel.giata : null; // only one side resolves it
  else if (d === "NAME") hotelKey = null;
  else hotelKey = rng.next() < 0.5 ? hotel.giata : null;
  // KEY and (half of) NAME: the second listing sits 150-350 m off (another entrance, a geocoder's guess)
  const far = !expedia && (d === "KEY" || (d === "NAME" && Number(hotel.giata) % 2 === 0));
  const jitterKm = far ? 0.15 + rng.next() * 0.2 : expedia ? 0.005 + rng.next() * 0.025 : 0.01 + rng.next() * 0.05;
  const point = offsetPoint(hotel.latitude, hotel.longitude, jitterKm, rng.next() * 2 * Math.PI);
  // a NAME hotel that is near gets another star rating, so rule 2 cannot join it
  const stars = !expedia && d === "NAME" && !far ? (hotel.stars === null ? 3 : hotel.stars >= 5 ? 4 : hotel.stars + 1) : hotel.stars;
  const rooms = Math.max(1, Math.round((12 + rng.int(29)) * scale));
  const accessibleRooms = hotel.amenities.includes("ACCESSIBLE_ROOMS") ? Math.min(rooms, 1 + rng.int(4)) : 0;
  const markup = expedia ? 1 + rng.next() * 0.09 : 0.95 + rng.next() * 0.1;
  const idSeed = hashString(`${hotel.worldId}:${provider}`);
  return {
    provider,
    id: expedia ? String(10_000_000 + (idSeed % 89_999_999)) : String(10_000 + (idSeed % 989_999)),
    name: variantName ? nameVariant(hotel.name, hub) : hotel.name,
    address: variantName ? addressVariant(hotel.address) : hotel.address,
    latitude: point.latitude,
    longitude: point.longitude,
    stars,
    hotelKey,
    rooms,
    accessibleRooms,
    rate: money(hotel.marketRate * markup, hotel.currency),
  };
}

const cache = new Map<string, WorldHotel[]>();

/** The world's hotels around one hub (empty for an airport without sandbox inventory). */
export function hubHotels(airport: string, { seed = DEFAULT_WORLD_SEED, scale = 1 }: WorldOptions = {}): WorldHotel[] {
  const key = `${seed}:${scale}:${airport}`;
  let hotels = cache.get(key);
  if (!hotels) {
    hotels = worldFor(airport, seed, scale);
    cache.set(key, hotels);
  }
  return hotels;
}

/** Every hub's hotels. */
export function worldHotels(options: WorldOptions = {}): WorldHotel[] {
  return Object.keys(HUBS).flatMap((code) => hubHotels(code, options));
}

export type ListedHotel = { hotel: WorldHotel; listing: Listing };

/** One provider's listings of every hub, by the provider's hotel id. */
export function providerListings(provider: ExternalProvider, options: WorldOptions = {}): Map<string, ListedHotel> {
  const out = new Map<string, ListedHotel>();
  for (const hotel of worldHotels(options)) {
    const listing = hotel.listings[provider];
    if (listing) out.set(listing.id, { hotel, listing });
  }
  return out;
}
