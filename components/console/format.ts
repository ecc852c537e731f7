import { dateTimeFormat, knownZone, MONTHS, zoneOffsetMs } from "@/lib/time-zones";

/**
 * Display helpers shared by console pages. Every function here is pure and takes its zone and its
 * "now" as arguments, never the browser's, so server and client render the same text (no hydration
 * drift). Operational times read in the airport's zone (formatZoned); pages with no airport keep
 * UTC, labelled as such (formatUtc).
 */
export function formatUtc(value: string | Date | null | undefined, { seconds = false } = {}): string {
  if (!value) return "—";
  const d = typeof value === "string" ? new Date(value) : value;
  if (Number.isNaN(d.getTime())) return "—";
  const iso = d.toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, seconds ? 19 : 16)} UTC`;
}

/** Whether times read in the airport's zone or in UTC: the console-wide toggle, kept in a cookie. */
export type TimeMode = "local" | "utc";
export const TIME_MODE_COOKIE = "console-times";
export function timeModeOf(cookie: string | undefined): TimeMode {
  return cookie === "utc" ? "utc" : "local";
}

/** "UTC+1", "UTC+5:30", "UTC−3" (minus sign), "UTC": a zone's offset at an instant. */
export function utcOffsetLabel(timeZone: string, at: Date): string {
  const minutes = Math.round(zoneOffsetMs(knownZone(timeZone), at.getTime()) / 60_000);
  if (minutes === 0) return "UTC";
  const m = Math.abs(minutes);
  return `UTC${minutes < 0 ? "−" : "+"}${Math.floor(m / 60)}${m % 60 ? `:${String(m % 60).padStart(2, "0")}` : ""}`;
}

/**
 * The zone's abbreviation at an instant: "CET"/"CEST", "BST", "EST"/"EDT", "UTC". CLDR names some
 * zones in British English and some in American; where it has no name ("GMT+5:30") the offset is
 * spelled as UTC+5:30, one notation for the whole console.
 */
export function zoneAbbreviation(timeZone: string, at: Date): string {
  const zone = knownZone(timeZone);
  if (zone === "UTC" || zone === "Etc/UTC") return "UTC";
  for (const locale of ["en-GB", "en-US"]) {
    const name = dateTimeFormat(locale, { timeZone: zone, timeZoneName: "short" })
      .formatToParts(at)
      .find((p) => p.type === "timeZoneName")?.value;
    if (name && !/^(GMT|UTC)[+−-]/.test(name)) return name;
  }
  return utcOffsetLabel(zone, at);
}

/** "CDG · CET (UTC+1)": an airport with its zone as it stands at `at`. */
export function airportZoneLabel(airport: string, timeZone: string, at: Date): string {
  const abbr = zoneAbbreviation(timeZone, at);
  const offset = utcOffsetLabel(timeZone, at);
  return abbr === offset ? `${airport} · ${abbr}` : `${airport} · ${abbr} (${offset})`;
}

/**
 * An instant as "Tue 24 Nov 23:30 CET" in the given zone. The day is always there: a night shift
 * reads times on both sides of midnight, and a date computed against "today" would differ between
 * the server's render and the browser's. Unknown or missing zone: UTC, labelled "UTC".
 */
export function formatZoned(value: string | Date | null | undefined, timeZone: string | null | undefined, { seconds = false } = {}): string {
  if (!value) return "—";
  const d = typeof value === "string" ? new Date(value) : value;
  if (Number.isNaN(d.getTime())) return "—";
  const zone = knownZone(timeZone);
  const p = Object.fromEntries(
    dateTimeFormat("en-GB", { timeZone: zone, year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit", hourCycle: "h23" })
      .formatToParts(d)
      .map((x) => [x.type, Number(x.value)]),
  );
  // names from fixed lists, not Intl's ("Sep" or "Sept" depends on the CLDR version)
  const weekday = WEEKDAYS[new Date(Date.UTC(p.year, p.month - 1, p.day)).getUTCDay()];
  return `${weekday} ${p.day} ${MONTHS[p.month - 1]} ${two(p.hour)}:${two(p.minute)}${seconds ? `:${two(p.second)}` : ""} ${zoneAbbreviation(zone, d)}`;
}

const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const two = (n: number) => String(n).padStart(2, "0");

/** "23:30:05 CET": a clock reading (no day) in a zone, for "updated at" lines. */
export function formatClock(value: string | Date | number, timeZone: string | null | undefined): string {
  const d = new Date(value);
  const zone = knownZone(timeZone);
  const p = Object.fromEntries(
    dateTimeFormat("en-GB", { timeZone: zone, hour: "2-digit", minute: "2-digit", second: "2-digit", hourCycle: "h23" })
      .formatToParts(d)
      .map((x) => [x.type, x.value]),
  );
  return `${p.hour}:${p.minute}:${p.second} ${zoneAbbreviation(zone, d)}`;
}

/** An instant as the toggle wants it (`text`) and the other reading (`other`, for hover and screen readers). */
export function formatInstant(value: string | Date, timeZone: string | null | undefined, mode: TimeMode, { seconds = false } = {}) {
  const local = formatZoned(value, timeZone, { seconds });
  const utc = formatZoned(value, "UTC", { seconds });
  return mode === "utc" ? { text: utc, other: local } : { text: local, other: utc };
}

/** An SLA's deadline for hover: "Due Tue 24 Nov 23:30 CET (22:30 UTC)", both clocks, whatever the toggle. */
export function slaDueTitle(dueAt: string | Date | null | undefined, timeZone: string | null | undefined): string | undefined {
  if (!dueAt) return undefined;
  const local = formatZoned(dueAt, timeZone);
  const utc = formatZoned(dueAt, "UTC");
  return local === utc ? `Due ${utc}` : `Due ${local} (${utc.slice(-9)})`;
}

/**
 * Every SLA on every page reads one way: "due in 56 min", "due in 3 h 56 min", "overdue by 14 min"
 * (whole minutes, rounded down, "less than 1 min" under one). A HIGH item that already breached is
 * flagged overdue and its clock re-armed for the next escalation (lib/sla/breach.ts): it reads
 * "overdue, escalates again in 14 min" rather than the contradiction "overdue in 14 min".
 */
export function formatSla(dueAt: string | Date | null | undefined, now: Date | number, { flagged = false } = {}): { text: string; overdue: boolean } {
  if (!dueAt) return { text: flagged ? "overdue" : "—", overdue: flagged };
  const ms = new Date(dueAt).getTime() - new Date(now).getTime();
  const minutes = Math.floor(Math.abs(ms) / 60_000);
  const h = Math.floor(minutes / 60);
  const span = minutes < 1 ? "less than 1 min" : h > 0 ? `${h} h${minutes % 60 ? ` ${minutes % 60} min` : ""}` : `${minutes} min`;
  if (ms < 0) return { text: `overdue by ${span}`, overdue: true };
  return flagged ? { text: `overdue, escalates again in ${span}`, overdue: true } : { text: `due in ${span}`, overdue: false };
}

/** "4 min", "3 h 10 min", "2 d": how long ago (or, negative, how far ahead) from `now`. */
export function formatAge(value: string | Date | null | undefined, now: Date = new Date()): string {
  if (!value) return "—";
  const d = typeof value === "string" ? new Date(value) : value;
  const minutes = Math.floor((now.getTime() - d.getTime()) / 60000);
  const m = Math.abs(minutes);
  const text = m < 1 ? "<1 min" : m < 60 ? `${m} min` : m < 48 * 60 ? `${Math.floor(m / 60)} h${m % 60 ? ` ${m % 60} min` : ""}` : `${Math.floor(m / 1440)} d`;
  return minutes < 0 ? `in ${text}` : text;
}

/** Milliseconds since a time (negative if it is ahead). */
export function msSince(value: string | Date): number {
  return Date.now() - new Date(value).getTime();
}

export function formatDuration(ms: number | null | undefined): string {
  if (ms == null || !Number.isFinite(ms)) return "—";
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  return `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`;
}

export function formatMoney(m: { amount: number; currency: string } | null | undefined): string {
  if (!m) return "—";
  return new Intl.NumberFormat("en-GB", { style: "currency", currency: m.currency, maximumFractionDigits: 2 }).format(m.amount);
}

const ROLE_LABELS: Record<string, string> = {
  ADMIN: "Admin",
  OPS_SUPERVISOR: "Ops supervisor",
  AIRPORT_OPERATOR: "Airport operator",
  FEED: "Feed",
  HOTEL: "Hotel",
};

export function roleLabel(role: string): string {
  return ROLE_LABELS[role] ?? role;
}

export function airportsLabel(airports: string[]): string {
  if (airports.includes("*")) return "All airports";
  return airports.length ? airports.join(", ") : "No airports";
}

/** Short, readable form of a URN for dense tables: the kind and the id's last block. */
export function shortUrn(urn: string | null | undefined): string {
  if (!urn) return "—";
  const m = /^urn:svc:([a-z]+):(.+)$/.exec(urn);
  if (!m) return urn;
  return `${m[1]}:…${m[2].slice(-8)}`;
}

