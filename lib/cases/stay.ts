import type { FlightJson, NextFlightJson } from "@/db/schema";
import type { OperationalStatus } from "@/lib/vocabulary";
import type { Stay } from "./records";
import { dateTimeFormat } from "@/lib/time-zones";

/** The calendar date (YYYY-MM-DD) of an instant in a time zone; an unknown zone reads as UTC. */
export function localDate(instant: string | Date, timeZone: string): string {
  const at = new Date(instant);
  try {
    return dateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(at);
  } catch {
    return at.toISOString().slice(0, 10);
  }
}

/** The local hour (0–23) of an instant in a time zone; an unknown zone reads as UTC. */
function localHour(instant: string | Date, timeZone: string): number {
  const at = new Date(instant);
  try {
    return Number(dateTimeFormat("en-GB", { timeZone, hour: "2-digit", hourCycle: "h23" }).format(at));
  } catch {
    return at.getUTCHours();
  }
}

/**
 * The one cutoff of "tonight": a disruption before this local hour strands passengers in the night
 * already under way, and until it a hotel desk is still working the previous evening's night.
 */
export const NIGHT_ENDS_AT_HOUR = 5;

/**
 * The local check-in date of the stay that begins at `instant`: its calendar date at the airport.
 * A stay starts at the disruption, so one at 02:00 (overnight by the cutoff) checks in that day.
 * The wave plan books the DIRECT source with this date for the flight's departure, and a capacity
 * call asks for the night of this date at the time of the call: a call at 02:00 and a wave at 02:00
 * read and write the same hotel_inventory row.
 */
export function nightOf(instant: string | Date, timeZone: string): string {
  return localDate(instant, timeZone);
}

/**
 * The night a hotel desk is working at `instant`: until NIGHT_ENDS_AT_HOUR local, the previous
 * evening's (its guests may still be arriving and its rooms may still be sold to a rerun), else
 * today's. The extranet shows it by default and lets a desk set its rooms until the cutoff.
 */
export function nightUnderWay(instant: string | Date, timeZone: string): string {
  return localDate(new Date(new Date(instant).getTime() - NIGHT_ENDS_AT_HOUR * 3_600_000), timeZone);
}

function dayNumber(date: string): number {
  return Date.parse(`${date}T00:00:00Z`) / 86_400_000;
}

/**
 * Contract part 4: a stay runs from the disrupted flight's departure to the next flight's; nights
 * are calendar nights at the airport (its time zone) between the two, at least 1. The gap is
 * overnight when the next flight leaves on a later local day, or when the disruption itself falls
 * in the small hours (before 05:00 local): passengers stranded at 03:00 need a bed even if their
 * connection leaves the same afternoon. Otherwise no overnight gap remains (`overnight: false`).
 */
export function computeStay(flight: FlightJson, next: NextFlightJson | null, timeZone: string): Stay | null {
  if (!next) return null;
  const calendarNights = dayNumber(localDate(next.scheduledDeparture, timeZone)) - dayNumber(localDate(flight.scheduledDeparture, timeZone));
  return {
    from: flight.scheduledDeparture,
    until: next.scheduledDeparture,
    nights: Math.max(1, calendarNights),
    overnight: calendarNights > 0 || localHour(flight.scheduledDeparture, timeZone) < NIGHT_ENDS_AT_HOUR,
    timeZone,
  };
}

/** Where a passenger starts, by the stay: with no overnight gap there is no room to find (spec 2.1). */
export const STARTING_STATUS = { overnight: "AWAITING_ALLOCATION", sameDay: "LOCAL_RESIDENT" } as const satisfies Record<string, OperationalStatus>;

/**
 * Where a passenger entering a case starts, at intake (POST /cases) and when added later: LOCAL_RESIDENT
 * when the case's next flight leaves no overnight gap, else AWAITING_ALLOCATION (also while no next
 * flight is known).
 */
export function initialStatus(stay: Stay | null): OperationalStatus {
  return stay && !stay.overnight ? STARTING_STATUS.sameDay : STARTING_STATUS.overnight;
}
