import { zoneOffsetMs } from "@/lib/time-zones";


/** The instant of local midnight of a calendar day in a time zone (DST-safe: the offset is re-read at the result). */
export function zonedMidnight(y: number, m: number, d: number, timeZone: string): Date {
  const guess = Date.UTC(y, m, d);
  let at = guess - zoneOffsetMs(timeZone, guess);
  at = guess - zoneOffsetMs(timeZone, at);
  return new Date(at);
}

/** The local calendar date, weekday (0 = Sunday) and hour of an instant in a time zone. */
export function localParts(at: Date, timeZone: string): { y: number; m: number; d: number; weekday: number; hour: number } {
  const local = new Date(at.getTime() + zoneOffsetMs(timeZone, at.getTime()));
  return { y: local.getUTCFullYear(), m: local.getUTCMonth(), d: local.getUTCDate(), weekday: local.getUTCDay(), hour: local.getUTCHours() };
}

/** The week (Monday 00:00 to the next Monday 00:00, local) that contains `at`. */
export function weekContaining(at: Date, timeZone: string): { from: Date; to: Date } {
  const { y, m, d, weekday } = localParts(at, timeZone);
  const back = (weekday + 6) % 7; // days since Monday
  const monday = new Date(Date.UTC(y, m, d - back));
  const next = new Date(Date.UTC(y, m, d - back + 7));
  return {
    from: zonedMidnight(monday.getUTCFullYear(), monday.getUTCMonth(), monday.getUTCDate(), timeZone),
    to: zonedMidnight(next.getUTCFullYear(), next.getUTCMonth(), next.getUTCDate(), timeZone),
  };
}

/** The last complete week before `at` (what the Monday 06:00 run reports). */
export function weekBefore(at: Date, timeZone: string): { from: Date; to: Date } {
  const current = weekContaining(at, timeZone);
  return weekContaining(new Date(current.from.getTime() - 3_600_000), timeZone);
}
