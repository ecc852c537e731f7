import { config } from "@/lib/config/env";

type Level = "debug" | "info" | "warn" | "error";
/** How deep an error's causes and a line's fields are followed. */
const MAX_DEPTH = 4;
const ORDER: Record<Level | "silent", number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 99 };

function threshold(): number {
  try {
    return ORDER[config.LOG_LEVEL];
  } catch {
    return ORDER.info; // a bad LOG_LEVEL is refused at boot; a log line never throws
  }
}

/**
 * Structured JSON lines on stdout (stderr for errors), one object per event. Every text a field
 * carries is bounded first (boundedText): a caller may pass an error's message as it came.
 */
export function log(level: Level, msg: string, fields: Record<string, unknown> = {}): void {
  if (ORDER[level] < threshold()) return;
  const line = JSON.stringify({ level, time: new Date().toISOString(), msg: boundedText(msg), ...(bounded(fields, 0) as Record<string, unknown>) });
  if (level === "error") console.error(line);
  else console.log(line);
}

/** The longest text a field keeps: a stack of 15 frames fits, a statement's worth of placeholders does not. */
const MAX_TEXT = 4_000;
/** What a failed query's text keeps: enough to name the statement and its table. */
const MAX_QUERY = 500;
const FAILED_QUERY = "Failed query:";

/**
 * A text as a log line may carry it. A failed query's message (drizzle: "Failed query: <sql>\nparams:
 * <values>", passed on by a job's or a step's error as a plain string) keeps its first line, cut to
 * MAX_QUERY, and never its parameters: they are the passengers' names, e-mails and phones, and a
 * big case's insert lists thousands of them (docs/meal-vouchers.md). Any other text is cut to MAX_TEXT.
 * A job's stored error goes through it too (lib/jobs/errors.ts), since the console shows it.
 */
export function boundedText(text: string): string {
  const at = text.indexOf(FAILED_QUERY);
  if (at >= 0) {
    const query = text.slice(at).split("\n", 1)[0];
    const cut = query.length > MAX_QUERY ? `${query.slice(0, MAX_QUERY)}…` : query;
    return `${text.slice(0, Math.min(at, MAX_TEXT))}${cut} (parameters not logged)`;
  }
  return text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT)}… (${text.length - MAX_TEXT} more characters)` : text;
}

/** Fields with every text bounded, through plain objects and arrays (a few levels: log fields are shallow). */
function bounded(value: unknown, depth: number): unknown {
  if (typeof value === "string") return boundedText(value);
  if (depth >= MAX_DEPTH) return value;
  if (Array.isArray(value)) return value.map((v) => bounded(v, depth + 1));
  if (value !== null && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, bounded(v, depth + 1)]));
  }
  return value;
}

/** Fields a database driver error may carry that name no value: safe to log. */
const DB_FIELDS = ["code", "severity", "constraint", "table", "column", "schema", "routine", "dataType"] as const;

/**
 * An error as log fields, with no personal data: a failed query's message lists its parameters
 * (names, e-mails, phone numbers of passengers) and the driver's message and `detail` echo values
 * ("Key (email)=(ana@…) already exists", `invalid input syntax …: "…"`). So database errors keep
 * only their SQLSTATE code, constraint, table and column, and the query text without parameters;
 * other messages are logged with e-mail addresses and long digit runs masked. Stacks keep frames only.
 */
export function errorFields(err: unknown): Record<string, unknown> {
  return { err: describe(err, 0) };
}

function describe(err: unknown, depth: number): Record<string, unknown> | string {
  if (!(err instanceof Error)) return typeof err === "string" ? mask(err) : typeof err;
  const out: Record<string, unknown> = { name: err.name };
  const e = err as Error & Record<string, unknown>;
  const query = typeof e.query === "string" ? e.query : undefined;
  if (isDatabaseError(e)) {
    for (const f of DB_FIELDS) if (typeof e[f] === "string" && e[f]) out[f] = e[f];
    if (query !== undefined) out.query = query.slice(0, 500);
    else if (err.message.startsWith("Failed query:")) out.query = err.message.slice("Failed query:".length).split("\nparams:")[0].trim().slice(0, 500);
    out.message = "(database error; message and parameters not logged)";
  } else {
    out.message = mask(err.message);
  }
  const frames = (err.stack ?? "").split("\n").filter((l) => /^\s+at /.test(l));
  if (frames.length) out.stack = frames.slice(0, 15).join("\n");
  if (err.cause !== undefined && depth < MAX_DEPTH) out.cause = describe(err.cause, depth + 1);
  return out;
}

function isDatabaseError(e: Error & Record<string, unknown>): boolean {
  return (
    e.name === "DrizzleQueryError" ||
    e.name === "DatabaseError" ||
    e.message.startsWith("Failed query:") ||
    (typeof e.code === "string" && /^[0-9A-Z]{5}$/.test(e.code) && ("severity" in e || "detail" in e || "routine" in e))
  );
}

function mask(text: string): string {
  return text
    .replace(/[^\s@"'<>(),;:]+@[^\s@"'<>(),;:]+\.[a-z]{2,}/gi, "<email>")
    .replace(/\+?\d[\d\s-]{7,}\d/g, "<digits>");
}
