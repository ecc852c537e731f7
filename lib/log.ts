import { config } from "@/lib/config/env";

type Level = "debug" | "info" | "warn" | "error";
const ORDER: Record<Level | "silent", number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 99 };

function threshold(): number {
  try {
    return ORDER[config.LOG_LEVEL];
  } catch {
    return ORDER.info; // a bad LOG_LEVEL is refused at boot; a log line never throws
  }
}

/** Structured JSON lines on stdout (stderr for errors), one object per event. */
export function log(level: Level, msg: string, fields: Record<string, unknown> = {}): void {
  if (ORDER[level] < threshold()) return;
  const line = JSON.stringify({ level, time: new Date().toISOString(), msg, ...fields });
  if (level === "error") console.error(line);
  else console.log(line);
}

/** Fields a database driver error may carry that name no value: safe to log. */
const DB_FIELDS = ["code", "severity", "constraint", "table", "column", "schema", "routine", "dataType"] as const;
const MAX_DEPTH = 4;

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
