/** Wall-clock helpers for seed data that must read "tonight" and "tomorrow morning" at an airport. */

function offsetMs(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(new Date(instant));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"), get("second")) - Math.floor(instant / 1000) * 1000;
}

/** The calendar date (YYYY-MM-DD) at an instant in a time zone. */
export function dateIn(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(instant);
}

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The UTC instant (ISO, no milliseconds) of a local wall-clock time, e.g. 2026-11-21 20:45 in Europe/Paris. */
export function wallClock(date: string, time: string, timeZone: string): string {
  const naive = Date.parse(`${date}T${time}:00Z`);
  // twice: the first guess may sit on the other side of a DST change
  let instant = naive - offsetMs(naive, timeZone);
  instant = naive - offsetMs(instant, timeZone);
  return new Date(instant).toISOString().replace(/\.000Z$/, "Z");
}

/**
 * The date whose evening is "tonight" at the airport: today, or yesterday before 05:00 local
 * (the night is still going on).
 */
export function tonight(now: Date, timeZone: string): string {
  return dateIn(new Date(now.getTime() - 5 * 3_600_000), timeZone);
}
