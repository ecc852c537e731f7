/**
 * Time-zone formatting shared by stays, vouchers and reports. An Intl.DateTimeFormat costs tens of
 * microseconds to build and a case record formats several dates per read, so formatters are kept
 * per locale and options (a few dozen zones in practice). An unknown zone throws RangeError as
 * Intl does; nothing is cached for it.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, options);
    formatters.set(key, f);
  }
  return f;
}

/** Offset of a time zone at an instant, in ms (local wall clock − UTC). Throws for an unknown zone. */
export function zoneOffsetMs(timeZone: string, at: number): number {
  const parts = dateTimeFormat("en-US", { timeZone, hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit" }).formatToParts(new Date(at));
  const get = (t: string) => Number(parts.find((p) => p.type === t)?.value);
  return Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"), get("second")) - Math.floor(at / 1000) * 1000;
}

/** A zone Intl knows, else UTC: an airport with a bad zone still shows (and counts nights in) a labelled UTC. */
export function knownZone(timeZone: string | null | undefined): string {
  if (!timeZone) return "UTC";
  try {
    dateTimeFormat("en-GB", { timeZone });
    return timeZone;
  } catch {
    return "UTC";
  }
}

/** English month abbreviations: dates are written the same on every page, voucher and audit line. */
export const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"] as const;

/**
 * The UTC instant of a local wall-clock time (YYYY-MM-DD, HH:MM) in a time zone. Two passes over
 * the zone's offset get DST transitions right; an unknown zone reads as UTC.
 */
export function localTimeToUtc(date: string, time: string, timeZone: string): Date {
  const wall = Date.parse(`${date}T${time}:00Z`);
  let guess = wall;
  for (let i = 0; i < 2; i++) guess = wall - safeOffsetMs(new Date(guess), timeZone);
  return new Date(guess);
}

function safeOffsetMs(at: Date, timeZone: string): number {
  try {
    return zoneOffsetMs(timeZone, at.getTime());
  } catch {
    return 0;
  }
}
