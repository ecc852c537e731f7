import { dateTimeFormat, knownZone, MONTHS } from "@/lib/time-zones";

/**
 * An instant as the hotel's front desk reads it: calendar date, a short day label and a 24-hour
 * time in the hotel's time zone. Fixed locale and fields, so the same instant and zone always give
 * the same strings (the voucher must render byte-identically). An unknown zone reads as UTC.
 */
export type LocalMoment = { date: string; dateLabel: string; time: string };

export function localMoment(instant: Date, timeZone: string): LocalMoment {
  const zone = knownZone(timeZone);
  const parts = Object.fromEntries(
    dateTimeFormat("en-GB", {
      timeZone: zone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
      weekday: "short",
    })
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  const date = `${parts.year}-${parts.month}-${parts.day}`;
  return { date, dateLabel: `${parts.weekday} ${Number(parts.day)} ${MONTHS[Number(parts.month) - 1]} ${parts.year}`, time: `${parts.hour}:${parts.minute}` };
}


/** Calendar nights between two local dates, at least 1. */
export function nightsBetweenDates(checkIn: string, checkOut: string): number {
  const n = Math.round((Date.parse(`${checkOut}T00:00:00Z`) - Date.parse(`${checkIn}T00:00:00Z`)) / 86_400_000);
  return Math.max(1, n);
}
