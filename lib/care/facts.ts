import type { FlightJson, NextFlightJson } from "@/db/schema/json";
import { distanceKm } from "@/lib/allocation-engine/geo";
import { computeStay } from "@/lib/cases/stay";
import { dateTimeFormat } from "@/lib/time-zones";
import type { CareFacts, Disruption } from "./types";

export type CareAirport = { iata: string; country: string; latitude: number; longitude: number; timeZone: string };

/** Cruise speed and taxi/climb allowance of the block-time estimate (the flight's own block time is not in the feed). */
const CRUISE_KMH = 800;
const TAXI_MINUTES = 30;

/**
 * The facts the regimes decide from, from what the case knows: the flight, the next departure,
 * the disruption, the two airports and the carrier's country. The wait runs from the scheduled
 * departure to the next departure; an overnight stay is needed as the case's stay says
 * (lib/cases/stay.ts: a later local day, or a disruption in the small hours).
 */
export function careFacts(input: {
  flight: FlightJson;
  nextFlight: NextFlightJson | null;
  disruption: Disruption;
  origin: CareAirport;
  destination: CareAirport;
  carrierCountry: string | null;
}): CareFacts {
  const { flight, nextFlight, origin, destination } = input;
  const km = distanceKm(origin.latitude, origin.longitude, destination.latitude, destination.longitude);
  const stay = computeStay(flight, nextFlight, origin.timeZone);
  return {
    flight: { number: flight.number, origin: flight.origin, destination: flight.destination, scheduledDeparture: flight.scheduledDeparture },
    originCountry: origin.country,
    destinationCountry: destination.country,
    carrierCountry: input.carrierCountry,
    distanceKm: Math.round(km),
    blockMinutes: Math.round((km / CRUISE_KMH) * 60 + TAXI_MINUTES),
    disruption: input.disruption,
    nextDeparture: nextFlight?.scheduledDeparture ?? null,
    waitMinutes: nextFlight ? Math.round((Date.parse(nextFlight.scheduledDeparture) - Date.parse(flight.scheduledDeparture)) / 60_000) : null,
    overnight: stay ? stay.overnight : null,
    localDepartureHour: localHour(flight.scheduledDeparture, origin.timeZone),
  };
}

function localHour(instant: string, timeZone: string): number {
  try {
    return Number(dateTimeFormat("en-GB", { timeZone, hour: "2-digit", hourCycle: "h23" }).format(new Date(instant)));
  } catch {
    return new Date(instant).getUTCHours();
  }
}
