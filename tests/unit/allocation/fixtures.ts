import type { EngineGroup, EngineInput, EnginePolicy } from "@/lib/allocation-engine";
import type { Offer } from "@/lib/providers/offer";
import type { Tier } from "@/lib/vocabulary";

/** Builders for small, readable engine inputs around an airport at (50, 8). */
export const AIRPORT = { code: "FRA", latitude: 50, longitude: 8 };

/** A point `km` from the airport towards `bearing` (radians). */
export function at(km: number, bearing = 0) {
  return {
    latitude: AIRPORT.latitude + (km / 111.195) * Math.cos(bearing),
    longitude: AIRPORT.longitude + ((km / 111.195) * Math.sin(bearing)) / Math.cos((AIRPORT.latitude * Math.PI) / 180),
  };
}

let seq = 0;
export function offer(over: Partial<Offer> & { km?: number } = {}): Offer {
  const { km = 5, ...rest } = over;
  const n = ++seq;
  return {
    provider: "EXPEDIA_RAPID",
    offerId: `off-${n}`,
    providerHotelId: `ph-${n}`,
    hotelKey: `H${n}`,
    hotelUrn: null,
    chainId: null,
    name: `Hotel ${n}`,
    address: `${n} Main Street`,
    phone: null,
    // each offer at its own bearing (golden angle), so offers are far apart unless a test says otherwise
    ...at(km, n * 2.399963),
    stars: 4,
    amenities: ["WIFI", "24H_RECEPTION"],
    nightlyRate: 100,
    currency: "EUR",
    roomsAvailable: 10,
    accessibleRoomsAvailable: 0,
    acceptedPayments: ["GUARANTEE"],
    cancellable: true,
    ...rest,
  };
}

export function group(over: Partial<EngineGroup> = {}): EngineGroup {
  const n = ++seq;
  return { groupId: `g-${String(n).padStart(4, "0")}`, pnr: `PNR${n}`, tier: "ECONOMY", passengers: 2, rooms: 1, wheelchairPassengers: 0, specialNeeds: [], ...over };
}

export function policy(over: Partial<EnginePolicy["constraints"]> = {}, rest: Partial<EnginePolicy> = {}): EnginePolicy {
  return {
    urn: "urn:svc:policy:test",
    version: 1,
    constraints: { minStars: 3, maxDistanceKm: 25, maxNightlyRate: null, requiredAmenities: [], excludedChains: [], acceptedPayments: ["GUARANTEE"], allowProviders: null, ...over },
    ...rest,
  };
}

export function input(groups: EngineGroup[], offers: Offer[], policies: Partial<Record<Tier, EnginePolicy | null>> = { ECONOMY: policy() }, nights = 1): EngineInput {
  return { airport: AIRPORT, nights, currency: "EUR", groups, offers, policies };
}
