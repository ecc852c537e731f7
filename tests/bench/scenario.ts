/**
 * A generated hub disruption for the allocation benchmark and the engine's property tests:
 * seeded (mulberry32), so the same size and seed always give the same input.
 *
 * Hotels: ~750 for 2,000 groups, growing as groups^0.75 (a hub has only so many hotels; those it
 * has sell more rooms to a larger wave), scattered up to ~40 km from the airport, most close in,
 * priced by stars and nearness. Each hotel is offered by one to three sources (~1.6 offers per
 * hotel, so ~1,200 raw offers for 2,000 groups), and every cross-provider duplicate is built to be
 * caught by one dedupe rule of spec 4.8: a shared hotelKey (rule 1), a position within 100 m with
 * the same stars (rule 2), or the same name and address (rule 3: positions 150–400 m apart or
 * another star rating). Direct contracts are cheaper than the market. Rooms are sized so that
 * roughly 1.2× the demand is policy-compliant.
 *
 * Groups: realistic PNR sizes (mostly 1–2 passengers, a tail up to 9; crew 2–12 with a room each),
 * every tier, ~3% with a wheelchair passenger, a few mixed-tier groups.
 */
import type { EngineGroup, EngineInput, EnginePolicy } from "@/lib/allocation-engine";
import type { Offer } from "@/lib/providers/offer";
import type { Amenity, PaymentMethod, Provider, Tier } from "@/lib/vocabulary";
import { prng, type Rng } from "@/lib/prng";

/** The engine's scenarios use the sandboxes' seeded draw (lib/prng.ts): one generator for both. */
export const mulberry32 = prng;
export type { Rng };

export const AIRPORT = { code: "FRA", latitude: 50.0379, longitude: 8.5622 };
export const CURRENCY = "EUR";

const TIER_SHARE: [Tier | null, number][] = [
  ["FIRST", 0.02],
  ["BUSINESS", 0.12],
  ["PREMIUM_ECONOMY", 0.1],
  ["ECONOMY", 0.72],
  ["CREW", 0.035],
  [null, 0.005],
];
const PAX_SHARE: [number, number][] = [
  [1, 0.52],
  [2, 0.26],
  [3, 0.09],
  [4, 0.07],
  [5, 0.025],
  [6, 0.02],
  [7, 0.007],
  [8, 0.005],
  [9, 0.003],
];
const STAR_SHARE: [number | null, number][] = [
  [2, 0.1],
  [3, 0.4],
  [4, 0.33],
  [5, 0.12],
  [null, 0.05],
];
const STAR_RATE: Record<string, number> = { "2": 62, "3": 88, "4": 125, "5": 195, null: 70 };
const CHAINS = ["ACCOR", "HILTON", "MARRIOTT", "IHG", "BW", "RADISSON", "HYATT", "WYNDHAM"];
const WORDS = ["Airport", "Sky", "Park", "Garden", "Runway", "Terminal", "River", "Forest", "Station", "Central", "Main", "Lake"];
const STREETS = ["Unterschweinstiege", "Frankfurter Straße", "Mörfelder Landstraße", "Hugo-Eckener-Ring", "Kelsterbacher Straße", "Am Flughafen"];

function weighted<T>(rng: Rng, table: [T, number][]): T {
  let u = rng.next() * table.reduce((s, [, w]) => s + w, 0);
  for (const [v, w] of table) if ((u -= w) < 0) return v;
  return table[table.length - 1][0];
}

function offset(lat: number, lon: number, km: number, bearing: number) {
  const r6 = (n: number) => Math.round(n * 1e6) / 1e6;
  return { latitude: r6(lat + (km / 111.32) * Math.cos(bearing)), longitude: r6(lon + (km / (111.32 * Math.cos((lat * Math.PI) / 180))) * Math.sin(bearing)) };
}

export function scenarioPolicies(): Record<Tier, EnginePolicy> {
  const base = { acceptedPayments: ["GUARANTEE"] as PaymentMethod[], allowProviders: null, excludedChains: [] as string[], requiredAmenities: [] as Amenity[] };
  return {
    FIRST: { urn: "urn:svc:policy:premium", version: 3, constraints: { ...base, minStars: 4, maxDistanceKm: 20, maxNightlyRate: null, requiredAmenities: ["24H_RECEPTION"] } },
    BUSINESS: { urn: "urn:svc:policy:premium", version: 3, constraints: { ...base, minStars: 4, maxDistanceKm: 20, maxNightlyRate: null, requiredAmenities: ["24H_RECEPTION"] } },
    PREMIUM_ECONOMY: { urn: "urn:svc:policy:pey", version: 1, constraints: { ...base, minStars: 3, maxDistanceKm: 25, maxNightlyRate: 220 } },
    ECONOMY: { urn: "urn:svc:policy:economy", version: 7, constraints: { ...base, minStars: 3, maxDistanceKm: 25, maxNightlyRate: 180, excludedChains: ["WYNDHAM"] } },
    CREW: {
      urn: "urn:svc:policy:crew",
      version: 2,
      constraints: { ...base, minStars: 3, maxDistanceKm: 15, maxNightlyRate: 170, requiredAmenities: ["24H_RECEPTION"], allowProviders: ["DIRECT", "HOTELBEDS"] },
    },
  };
}

export function scenarioGroups(count: number, rng: Rng): EngineGroup[] {
  const groups: EngineGroup[] = [];
  for (let i = 0; i < count; i++) {
    const tier = weighted(rng, TIER_SHARE);
    const passengers = tier === "CREW" ? 2 + rng.int(11) : weighted(rng, PAX_SHARE);
    const rooms = tier === "CREW" ? passengers : Math.ceil(passengers / 2);
    const wheelchair = tier !== "CREW" && rng.next() < 0.03 ? 1 + (passengers > 2 && rng.next() < 0.2 ? 1 : 0) : 0;
    groups.push({
      groupId: `G${String(i + 1).padStart(6, "0")}`,
      pnr: (i * 2654435761 >>> 0).toString(36).toUpperCase().padStart(6, "X").slice(0, 6),
      tier,
      passengers,
      rooms,
      wheelchairPassengers: wheelchair,
      specialNeeds: wheelchair ? ["WHEELCHAIR"] : [],
    });
  }
  return groups;
}

export const hotelsFor = (groups: number) => Math.max(20, Math.round(750 * (groups / 2000) ** 0.75));

export type Scenario = EngineInput & { hotelsTrue: number };

export function hubScenario(groupCount: number, seed = 42): Scenario {
  const rng = mulberry32(seed * 7919 + groupCount);
  const groups = scenarioGroups(groupCount, rng);
  const demandRooms = groups.reduce((s, g) => s + g.rooms, 0);
  const H = hotelsFor(groupCount);
  // ~60% of a hotel's rooms are compliant for the bulk (economy) tier and the winner's allotment
  // is ~75% of the hotel's: size the mean so compliant rooms are ~1.2× the demand
  const meanRooms = (1.2 * demandRooms) / (0.6 * 0.75 * H);
  const offers: Offer[] = [];
  for (let h = 0; h < H; h++) {
    const stars = weighted(rng, STAR_SHARE);
    const km = 0.5 + 39.5 * rng.next() ** 1.6;
    const point = offset(AIRPORT.latitude, AIRPORT.longitude, km, rng.next() * 2 * Math.PI);
    const chainId = rng.next() < 0.6 ? rng.pick(CHAINS) : null;
    const name = `${chainId ? chainId[0] + chainId.slice(1).toLowerCase() + " " : ""}${rng.pick(WORDS)} Hotel ${h + 1}`;
    const address = `${1 + rng.int(200)} ${rng.pick(STREETS)}, Frankfurt`;
    const amenities: Amenity[] = ["WIFI"];
    if ((stars ?? 2) >= 4 || rng.next() < 0.6) amenities.push("24H_RECEPTION");
    if (km < 8 || rng.next() < 0.2) amenities.push("AIRPORT_SHUTTLE");
    if (rng.next() < 0.8) amenities.push("ACCESSIBLE_ROOMS");
    const market = STAR_RATE[String(stars)] * (1 + 0.3 * Math.max(0, 1 - km / 20)) * (0.85 + 0.35 * rng.next());
    const rooms = Math.max(1, Math.round(meanRooms * (0.4 + 1.2 * rng.next())));
    const acceptedPayments: PaymentMethod[] = rng.next() < 0.06 ? ["CARD"] : rng.next() < 0.5 ? ["GUARANTEE", "CARD"] : ["GUARANTEE"];
    const hotelKey = `GIATA-${100000 + h}`;
    const sources: Provider[] = [];
    if (rng.next() < 0.68) sources.push("EXPEDIA_RAPID");
    if (rng.next() < 0.6) sources.push("HOTELBEDS");
    if (rng.next() < 0.2) sources.push("DIRECT");
    if (sources.length === 0) sources.push(rng.next() < 0.5 ? "EXPEDIA_RAPID" : "HOTELBEDS");
    sources.forEach((provider, k) => {
      // the first listing is canonical; each other one is a duplicate caught by one rule
      const rule = k === 0 ? 0 : 1 + rng.int(3);
      const jitter = rule === 0 ? 0 : rule === 2 ? 0.005 + 0.05 * rng.next() : 0.15 + 0.25 * rng.next();
      const p = offset(point.latitude, point.longitude, jitter, rng.next() * 2 * Math.PI);
      const variant = rule === 1 || rule === 2;
      const rate = market * (provider === "DIRECT" ? 0.8 + 0.1 * rng.next() : provider === "EXPEDIA_RAPID" ? 1 + 0.08 * rng.next() : 0.96 + 0.1 * rng.next());
      const allot = Math.max(1, Math.round(rooms * (provider === "DIRECT" ? 0.5 + 0.3 * rng.next() : 0.6 + 0.4 * rng.next())));
      offers.push({
        provider,
        offerId: `${provider.slice(0, 3)}-${h + 1}-${k}`,
        providerHotelId: `${provider.slice(0, 2)}${100000 + h}`,
        hotelKey: rule === 0 || rule === 1 ? hotelKey : null,
        hotelUrn: null,
        chainId,
        name: variant ? name.replace("Hotel", "Inn") : name,
        address: variant ? address.replace(/^(\d+) ([^,]+)/, "$2 $1") : address,
        phone: `+49 69 ${1000000 + h}`,
        latitude: p.latitude,
        longitude: p.longitude,
        stars,
        amenities,
        nightlyRate: Math.round(rate * 100) / 100,
        currency: CURRENCY,
        roomsAvailable: allot,
        accessibleRoomsAvailable: amenities.includes("ACCESSIBLE_ROOMS") ? Math.min(allot, 1 + rng.int(3)) : 0,
        acceptedPayments,
        cancellable: provider !== "EXPEDIA_RAPID",
      });
    });
  }
  return { airport: AIRPORT, nights: 1, currency: CURRENCY, groups, offers, policies: scenarioPolicies(), hotelsTrue: H };
}
