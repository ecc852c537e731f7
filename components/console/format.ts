/**
 * Display helpers shared by console pages. Times are shown in UTC ("Z"), the clock airport
 * operations coordinate on, and render the same on server and client (no hydration drift).
 */
export function formatUtc(value: string | Date | null | undefined, { seconds = false } = {}): string {
  if (!value) return "—";
  const d = typeof value === "string" ? new Date(value) : value;
  if (Number.isNaN(d.getTime())) return "—";
  const iso = d.toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, seconds ? 19 : 16)}Z`;
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

/** A value of an audit diff, as text: JSON for objects, "∅" for nothing. */
export function formatValue(v: unknown): string {
  if (v === null || v === undefined) return "∅";
  if (typeof v === "string") return v;
  if (typeof v === "number" || typeof v === "boolean") return String(v);
  return JSON.stringify(v);
}
