import countryToCurrency from "country-to-currency";
import { z } from "zod";
import { isUrn, type UrnKind } from "@/lib/ids";
// installs the human error messages before any schema parses, in the server and in the browser
import "@/lib/validation-messages";

/**
 * The shared building blocks of every input, query and record schema, defined once. Each domain's
 * inputs compose these, so a rule about a kind of value (no NUL in text, a sane time window) holds
 * for every field of that kind. Imports nothing of the API layer: domains may use it freely.
 */

// Text ------------------------------------------------------------------------------------------

/**
 * PostgreSQL refuses U+0000 in text and jsonb, and jsonb an unpaired UTF-16 surrogate (JSON may
 * write `"\ud800"`, no UTF-8 can hold it): either is a 422 here, never a 500 there (or a text
 * column silently storing U+FFFD).
 */
export const NUL_MESSAGE = "must not contain a NUL character (U+0000)";
export const SURROGATE_MESSAGE = "must not contain an unpaired UTF-16 surrogate (U+D800–U+DFFF)";
const hasNul = (v: string) => v.includes("\u0000");
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Why PostgreSQL could not store this string, or null when it can. */
export function unstorableText(v: string): string | null {
  if (hasNul(v)) return NUL_MESSAGE;
  if (LONE_SURROGATE.test(v)) return SURROGATE_MESSAGE;
  return null;
}

/** Any string of an input or a query: refused when it holds a NUL or a lone surrogate. Chain trim/min/max/regex on it. */
export const Text = z
  .string()
  .refine((v) => !hasNul(v), NUL_MESSAGE)
  .refine((v) => !LONE_SURROGATE.test(v), SURROGATE_MESSAGE);

/**
 * Every string and object key of a parsed JSON document (or a form, a query) that PostgreSQL could
 * not store, as field errors (the first `max`): the one check every body passes before any schema,
 * so a field declared as a plain string, a free-form map or an ignored extra field is covered too.
 * Iterative: a document nested deeper than the call stack is still walked.
 */
export function unstorableFields(value: unknown, root = "(body)", max = 20): { path: string; message: string }[] {
  const found: { path: string; message: string }[] = [];
  const stack: [unknown, string][] = [[value, ""]];
  while (stack.length > 0 && found.length < max) {
    const [v, at] = stack.pop()!;
    if (typeof v === "string") {
      const problem = unstorableText(v);
      if (problem) found.push({ path: at || root, message: problem });
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push([v[i], at ? `${at}.${i}` : String(i)]);
    } else if (v !== null && typeof v === "object") {
      for (const [k, x] of Object.entries(v).reverse()) {
        const path = at ? `${at}.${k}` : k;
        const problem = unstorableText(k);
        if (problem) found.push({ path, message: `its name ${problem}` });
        else stack.push([x, path]);
      }
    }
  }
  return found.slice(0, max);
}

/** A required short text: trimmed, 1–max characters, no NUL. */
export const requiredText = (max: number) => Text.trim().min(1, "required").max(max);

/** A reason is a non-empty string after trimming (contract part 4); a failure here answers REASON_REQUIRED. */
export const Reason = requiredText(2000).meta({ description: "why: kept in the audit log" });

export const ReasonBody = z.object({ reason: Reason });

// Time ------------------------------------------------------------------------------------------

/** The window every accepted time must fall in: from 2000-01-01 to two years from now (UTC). */
export const EARLIEST_TIME = "2000-01-01T00:00:00Z";
export const LATEST_YEARS_AHEAD = 2;

export function latestTime(now = new Date()): Date {
  const latest = new Date(now);
  latest.setUTCFullYear(latest.getUTCFullYear() + LATEST_YEARS_AHEAD);
  return latest;
}

const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function realCalendarDate(value: string): boolean {
  const [, y, m, d] = /^(\d{4})-(\d{2})-(\d{2})/.exec(value) ?? [];
  const year = Number(y);
  const month = Number(m);
  const day = Number(d);
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return month >= 1 && month <= 12 && day >= 1 && day <= (month === 2 && !leap ? 28 : DAYS_IN_MONTH[month - 1]);
}

/** `2026-11-21T18:05:00Z`: whole seconds print without milliseconds, as the contract writes times. */
export function toUtcIso(value: string | Date): string {
  const iso = new Date(value).toISOString();
  return iso.endsWith(".000Z") ? `${iso.slice(0, -5)}Z` : iso;
}

/**
 * An ISO 8601 timestamp with a zone (Z or an offset), stored and answered in UTC, within
 * 2000-01-01 .. now + 2 years: a year-99 departure is a typo, never a flight, and would make
 * nights and local dates meaningless downstream.
 */
export const UtcTimestamp = z
  .iso.datetime({ offset: true })
  .refine(realCalendarDate, "not a real calendar date")
  .superRefine((v, ctx) => {
    const at = Date.parse(v);
    if (at < Date.parse(EARLIEST_TIME)) ctx.addIssue({ code: "custom", message: `must be on or after ${EARLIEST_TIME}` });
    else if (at > latestTime().getTime()) ctx.addIssue({ code: "custom", message: `must be at most ${LATEST_YEARS_AHEAD} years from now` });
  })
  .transform(toUtcIso)
  .meta({
    description: `ISO 8601 timestamp with Z or an offset, e.g. 2026-11-21T18:05:00Z; answered in UTC; between ${EARLIEST_TIME} and ${LATEST_YEARS_AHEAD} years from now`,
  });

/**
 * A calendar date (YYYY-MM-DD) given as an input or a query parameter: a real date within the
 * window of UtcTimestamp (2000-01-01 .. two years from now), so the night, week or time window
 * computed from it is a real instant (a year 0000 or 9999 made that arithmetic throw: a 500).
 * Records answer their dates with a plain z.iso.date(): the window is for what a caller asks.
 */
export const CalendarDate = z
  .iso.date()
  .superRefine((v, ctx) => {
    if (v < EARLIEST_TIME.slice(0, 10)) ctx.addIssue({ code: "custom", message: `must be on or after ${EARLIEST_TIME.slice(0, 10)}` });
    else if (v > latestTime().toISOString().slice(0, 10)) ctx.addIssue({ code: "custom", message: `must be at most ${LATEST_YEARS_AHEAD} years from now` });
  })
  .meta({ description: `a calendar date, YYYY-MM-DD, between ${EARLIEST_TIME.slice(0, 10)} and ${LATEST_YEARS_AHEAD} years from now`, example: "2026-11-21" });

/** A timestamp in a record (output): always UTC. */
export const IsoTime = z.iso.datetime();

// Codes and identifiers ---------------------------------------------------------------------------

export const IataCode = Text.trim()
  .toUpperCase()
  .regex(/^[A-Z]{3}$/, "a three-letter IATA airport code")
  .meta({ description: "IATA airport code; must be a known airport", example: "CDG" });

export const AirlineCode = Text.trim().toUpperCase().regex(/^[A-Z0-9]{2}$/, "a two-character airline designator");

export const CurrencyCode = Text.trim().toUpperCase().regex(/^[A-Z]{3}$/, "an ISO 4217 code");

const COUNTRIES: ReadonlySet<string> = new Set(Object.keys(countryToCurrency));

export const CountryCode = Text.trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, "an ISO 3166-1 alpha-2 country code")
  .refine((c) => COUNTRIES.has(c), "an unknown ISO 3166-1 alpha-2 country code");

/** A URN of one kind in a body or a query (paths use lib/api/params' urnParam, which answers 404). */
export function Urn(kind: UrnKind) {
  return Text.refine((v) => isUrn(v, kind), { message: `must be a ${kind} URN (urn:svc:${kind}:<uuid>)` }).meta({
    description: `${kind} identifier, urn:svc:${kind}:<uuidv7>`,
    example: `urn:svc:${kind}:0195f0c8-7a1e-7c2d-9a55-3b2f4a1c9d10`,
  });
}

// Money -------------------------------------------------------------------------------------------

export const Money = z.object({ amount: z.number(), currency: z.string() }).meta({ id: "Money", description: "an amount in an ISO 4217 currency" });
export type Money = z.infer<typeof Money>;

// Maps keyed by caller-chosen ids ---------------------------------------------------------------------

/**
 * An object keyed by ids the caller chose (passenger ids). A zod record rebuilds the object and
 * drops a key such as `__proto__`; this keeps the object as built (own data properties, see
 * ownKeyMap) and checks each value.
 */
export function idKeyedMap<V extends z.ZodType>(value: V, valueJsonSchema: Record<string, unknown>, description: string) {
  return z
    .custom<Record<string, z.output<V>>>(
      (v) => typeof v === "object" && v !== null && !Array.isArray(v) && Object.values(v).every((x) => value.safeParse(x).success),
      "an object of id → value",
    )
    .meta({ type: "object", additionalProperties: valueJsonSchema, description });
}

/** id → value as own data properties only: "__proto__" or "constructor" stay ordinary keys. */
export function ownKeyMap<V>(entries: Iterable<readonly [string, V]>): Record<string, V> {
  const out = Object.create(null) as Record<string, V>;
  for (const [k, v] of entries) Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
  return out;
}

// Paging ------------------------------------------------------------------------------------------

/** A cursor names a key the database compares: one that decodes to a NUL is refused here. */
function cursorHasNul(cursor: string): boolean {
  const decoded = Buffer.from(cursor, "base64url").toString("utf8");
  return hasNul(decoded) || /\\u0000/i.test(decoded);
}

/** Cursor pagination shared by every list: `?limit=50&cursor=…`. */
export const pageQuery = {
  limit: z.coerce.number().int().min(1).max(200).default(50).meta({ description: "page size, 1–200" }),
  cursor: Text.min(1)
    .refine((c) => !cursorHasNul(c), "use a nextCursor from a previous page")
    .optional()
    .meta({ description: "opaque cursor from the previous page's nextCursor" }),
};

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), nextCursor: z.string().nullable() });
}
