import { careFacts, type CareAirport } from "@/lib/care/facts";
import { decideCare } from "@/lib/care/decide";
import type { CareBasis, CareFacts, CarePassenger, CarePolicy, Entitlement, PassengerCare } from "@/lib/care/types";
import type { CareKind, CareRegime, DisruptionCause, DisruptionKind } from "@/lib/vocabulary";

/** Real airports (coordinates of the runways' reference points, rounded), for careFacts: lib/care has no database. */
export const AIRPORTS = {
  CDG: { iata: "CDG", country: "FR", latitude: 49.0097, longitude: 2.5479, timeZone: "Europe/Paris" },
  LIS: { iata: "LIS", country: "PT", latitude: 38.7813, longitude: -9.1359, timeZone: "Europe/Lisbon" },
  JFK: { iata: "JFK", country: "US", latitude: 40.6413, longitude: -73.7781, timeZone: "America/New_York" },
  YUL: { iata: "YUL", country: "CA", latitude: 45.4706, longitude: -73.7408, timeZone: "America/Toronto" },
  YYZ: { iata: "YYZ", country: "CA", latitude: 43.6777, longitude: -79.6248, timeZone: "America/Toronto" },
  LHR: { iata: "LHR", country: "GB", latitude: 51.47, longitude: -0.4543, timeZone: "Europe/London" },
  EDI: { iata: "EDI", country: "GB", latitude: 55.95, longitude: -3.3725, timeZone: "Europe/London" },
  GRU: { iata: "GRU", country: "BR", latitude: -23.4356, longitude: -46.4731, timeZone: "America/Sao_Paulo" },
  ORD: { iata: "ORD", country: "US", latitude: 41.9742, longitude: -87.9073, timeZone: "America/Chicago" },
  DEN: { iata: "DEN", country: "US", latitude: 39.8561, longitude: -104.6737, timeZone: "America/Denver" },
  SYD: { iata: "SYD", country: "AU", latitude: -33.9399, longitude: 151.1753, timeZone: "Australia/Sydney" },
  MEL: { iata: "MEL", country: "AU", latitude: -37.669, longitude: 144.841, timeZone: "Australia/Melbourne" },
  DEL: { iata: "DEL", country: "IN", latitude: 28.5562, longitude: 77.1, timeZone: "Asia/Kolkata" },
  BOM: { iata: "BOM", country: "IN", latitude: 19.0896, longitude: 72.8656, timeZone: "Asia/Kolkata" },
  MAA: { iata: "MAA", country: "IN", latitude: 12.9941, longitude: 80.1709, timeZone: "Asia/Kolkata" },
  ATH: { iata: "ATH", country: "GR", latitude: 37.9364, longitude: 23.9445, timeZone: "Europe/Athens" },
  HEL: { iata: "HEL", country: "FI", latitude: 60.3172, longitude: 24.9633, timeZone: "Europe/Helsinki" },
  TLV: { iata: "TLV", country: "IL", latitude: 32.0114, longitude: 34.8867, timeZone: "Asia/Jerusalem" },
  DXB: { iata: "DXB", country: "AE", latitude: 25.2532, longitude: 55.3657, timeZone: "Asia/Dubai" },
} as const satisfies Record<string, CareAirport>;
export type Iata = keyof typeof AIRPORTS;

export type Trip = {
  from: Iata;
  to: Iata;
  /** scheduled departure, UTC ISO */
  departs: string;
  /** the next departure, UTC ISO; null: not known yet */
  next: string | null;
  kind?: DisruptionKind;
  cause?: DisruptionCause;
  carrier?: string | null;
  announcedAt?: string;
};

export function factsFor(t: Trip): CareFacts {
  return careFacts({
    flight: { number: "XX100", origin: t.from, destination: t.to, scheduledDeparture: t.departs, status: "CANCELLED" },
    nextFlight: t.next ? { number: "XX102", scheduledDeparture: t.next } : null,
    disruption: { kind: t.kind ?? "CANCELLATION", cause: t.cause ?? "UNKNOWN", ...(t.announcedAt ? { announcedAt: t.announcedAt } : {}) },
    origin: AIRPORTS[t.from],
    destination: AIRPORTS[t.to],
    carrierCountry: t.carrier === undefined ? null : t.carrier,
  });
}

/** A departure `minutes` after `iso`, as UTC ISO. */
export function plus(iso: string, minutes: number): string {
  return new Date(Date.parse(iso) + minutes * 60_000).toISOString();
}

export function passenger(over: Partial<CarePassenger> = {}): CarePassenger {
  return { passengerId: "P1", groupId: "G1", tier: "ECONOMY", specialNeeds: [], airlineCare: null, ...over };
}

export function policy(over: Partial<CarePolicy> = {}): CarePolicy {
  return { mealAfterMinutes: null, hotelWhenOvernight: false, mealAmount: 15, mealEveryMinutes: 360, requestRoomsFromCare: false, ...over };
}

export function careOf(f: CareFacts, p: CarePassenger = passenger()): PassengerCare {
  return decideCare(f, [p])[0];
}

export function entitlement(pc: PassengerCare, kind: CareKind): Entitlement {
  const e = pc.entitlements.find((x) => x.kind === kind);
  if (!e) throw new Error(`no ${kind} entitlement`);
  return e;
}

export function basisOf(e: Entitlement, regime: CareRegime): CareBasis | undefined {
  return e.basis.find((b) => b.regime === regime);
}

/** The regimes that gave a verdict on a kind, in the order kept. */
export function regimesOf(e: Entitlement): CareRegime[] {
  return e.basis.map((b) => b.regime);
}
