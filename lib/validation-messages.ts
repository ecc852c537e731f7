import { z } from "zod";

/**
 * One error map for every schema, on the server (API `errors[].message`, verbs, server actions) and
 * in the browser (the forms' zodResolver): zod's own texts ("Too small: expected string to have
 * >=1 characters") are written for developers. The sentence follows the field's name, which the API
 * gives as `path` and a form as the label: "must be at most 5,000". A message written in a schema
 * wins over this map (zod asks the schema first), and a custom refinement keeps its own.
 *
 * Installed by importing this module for its effect: lib/primitives.ts (loaded by every domain
 * schema, so by every form) and lib/validation.ts (every server-side parse) both do.
 */

type Issue = Parameters<z.core.$ZodErrorMap>[0];

const TYPE_NAMES: Record<string, string> = {
  string: "text",
  number: "a number",
  int: "a whole number",
  bigint: "a whole number",
  boolean: "true or false",
  object: "an object",
  array: "a list",
  date: "a date",
  record: "an object",
  tuple: "a list",
  null: "empty (null)",
};

const FORMAT_NAMES: Record<string, string> = {
  email: "an email address",
  url: "a URL such as https://example.com",
  uuid: "a UUID",
  guid: "a UUID",
  datetime: "a date and time like 2026-11-24T21:30:00Z",
  date: "a date like 2026-11-24",
  time: "a time like 21:30",
  duration: "an ISO 8601 duration such as PT2H",
  e164: "a phone number in international form, such as +33612345678",
  jwt: "a token",
  base64: "base64 text",
  base64url: "base64url text",
};

/** 5000 → "5,000": thousands read at a glance. */
function num(n: number | bigint): string {
  return typeof n === "bigint" ? n.toLocaleString("en-US") : n.toLocaleString("en-US", { maximumFractionDigits: 6 });
}

function plural(n: number | bigint, one: string, many: string): string {
  return `${num(n)} ${Number(n) === 1 ? one : many}`;
}

function quote(v: unknown): string {
  if (typeof v === "string") return v;
  if (typeof v === "bigint") return `${v}`;
  return JSON.stringify(v) ?? String(v);
}

/** "must be one of OPEN, CLOSED or REOPENED" */
function oneOf(values: readonly unknown[]): string {
  const shown = values.map(quote);
  if (shown.length === 1) return `must be ${shown[0]}`;
  return `must be one of ${shown.slice(0, -1).join(", ")} or ${shown.at(-1)}`;
}

function sizeBound(issue: Extract<Issue, { code: "too_small" | "too_big" }>, bound: number | bigint, small: boolean): string {
  const exact = issue.exact;
  const inclusive = issue.inclusive !== false;
  const word = exact ? "exactly" : small ? (inclusive ? "at least" : "more than") : inclusive ? "at most" : "less than";
  switch (issue.origin) {
    case "string":
      return `must be ${word} ${plural(bound, "character", "characters")}`;
    case "array":
    case "set":
      if (small && !exact && inclusive && Number(bound) === 1) return "must list at least one item";
      return `must list ${word} ${plural(bound, "item", "items")}`;
    case "file":
      return `must be ${word} ${plural(bound, "byte", "bytes")}`;
    case "date":
      return `must be ${small ? "on or after" : "on or before"} ${new Date(Number(bound)).toISOString()}`;
    default:
      if (exact) return `must be exactly ${num(bound)}`;
      if (small) return inclusive ? `must be at least ${num(bound)}` : `must be greater than ${num(bound)}`;
      return inclusive ? `must be at most ${num(bound)}` : `must be less than ${num(bound)}`;
  }
}

function invalidType(issue: Extract<Issue, { code: "invalid_type" }>): string {
  if (issue.input === undefined) return "is required";
  // z.coerce.number() turns "abc" into NaN: to a person that is simply not a number
  if (issue.expected === "number" && typeof issue.input === "number" && !Number.isNaN(issue.input)) return "must be a finite number";
  if (issue.expected === "number" && issue.input !== null) return "must be a number";
  const expected = TYPE_NAMES[issue.expected] ?? issue.expected;
  return issue.input === null ? `must be ${expected}, not null` : `must be ${expected}`;
}

function invalidFormat(issue: Extract<Issue, { code: "invalid_format" }>): string {
  const i = issue as typeof issue & { prefix?: string; suffix?: string; includes?: string };
  if (i.format === "starts_with") return `must start with "${i.prefix}"`;
  if (i.format === "ends_with") return `must end with "${i.suffix}"`;
  if (i.format === "includes") return `must include "${i.includes}"`;
  if (i.format === "regex") return "is not in the expected format";
  return `must be ${FORMAT_NAMES[i.format] ?? `a valid ${i.format}`}`;
}

/** The sentence for one issue; `undefined` lets zod fall back to its own. */
export function humanMessage(issue: Issue): string | undefined {
  switch (issue.code) {
    case "invalid_type":
      return invalidType(issue);
    case "too_small":
      return sizeBound(issue, issue.minimum, true);
    case "too_big":
      return sizeBound(issue, issue.maximum, false);
    case "invalid_value":
      return oneOf(issue.values);
    case "invalid_format":
      return invalidFormat(issue);
    case "not_multiple_of":
      return `must be a multiple of ${num(issue.divisor)}`;
    case "unrecognized_keys":
      return issue.keys.length === 1 ? `has an unknown field: ${issue.keys[0]}` : `has unknown fields: ${issue.keys.join(", ")}`;
    case "invalid_key":
      return `has a key that is not allowed`;
    case "invalid_element":
      return `holds a value that is not allowed`;
    case "invalid_union": {
      const options = (issue as { options?: unknown[] }).options;
      if (Array.isArray(options) && options.length > 0) return oneOf(options);
      return "does not match any of the accepted forms";
    }
    case "custom":
      return issue.message ?? "is not valid";
    default:
      return undefined;
  }
}

z.config({ customError: humanMessage });
