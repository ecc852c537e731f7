import { zoneOffsetMs } from "@/lib/time-zones";

/** A hotel's standard times, in its (the airport's) time zone: the voucher adds the policy's buffers. */
export const CHECK_IN_TIME = "15:00";
export const CHECK_OUT_TIME = "11:00";

/**
 * The UTC instant of a local wall-clock time (YYYY-MM-DD, HH:MM) in a time zone. Two passes over
 * the zone's offset get DST transitions right; an unknown zone reads as UTC.
 */
export function localTimeToUtc(date: string, time: string, timeZone: string): Date {
  const wall = Date.parse(`${date}T${time}:00Z`);
  let guess = wall;
  for (let i = 0; i < 2; i++) guess = wall - offsetMs(new Date(guess), timeZone);
  return new Date(guess);
}

function offsetMs(at: Date, timeZone: string): number {
  try {
    return zoneOffsetMs(timeZone, at.getTime());
  } catch {
    return 0;
  }
}

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}
