import type { FlightJson, NextFlightJson } from "@/db/schema";
import type { OperationalStatus, Stay } from "./schemas";

/** The calendar date (YYYY-MM-DD) of an instant in a time zone; an unknown zone reads as UTC. */
export function localDate(instant: string | Date, timeZone: string): string {
  const at = new Date(instant);
  try {
    return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(at);
  } catch {
    return at.toISOString().slice(0, 10);
  }
}

function dayNumber(date: string): number {
  return Date.parse(`${date}T00:00:00Z`) / 86_400_000;
}

/**
 * Contract part 4: a stay runs from the disrupted flight's departure to the next flight's; nights
 * are calendar nights at the airport (its time zone) between the two, at least 1. A next flight on
 * the same local calendar day leaves no overnight gap (`overnight: false`).
 */
export function computeStay(flight: FlightJson, next: NextFlightJson | null, timeZone: string): Stay | null {
  if (!next) return null;
  const calendarNights = dayNumber(localDate(next.scheduledDeparture, timeZone)) - dayNumber(localDate(flight.scheduledDeparture, timeZone));
  return {
    from: flight.scheduledDeparture,
    until: next.scheduledDeparture,
    nights: Math.max(1, calendarNights),
    overnight: calendarNights > 0,
    timeZone,
  };
}

/** Where a passenger starts: LOCAL_RESIDENT when the case's next flight leaves no overnight gap. */
export function initialStatus(stay: Stay | null): OperationalStatus {
  return stay && !stay.overnight ? "LOCAL_RESIDENT" : "AWAITING_ALLOCATION";
}
