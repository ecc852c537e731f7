// pure: the audit table (a client component) words its rows with it, and unit tests pin the words
import type { PolicyName } from "@/lib/policies/names";
import * as vocabulary from "@/lib/vocabulary";
import type { FieldChange } from "@/db/schema/json";
import { MONTHS } from "@/lib/time-zones";
import { ACCESS_DENIED_ACTION } from "./refused";

/**
 * The names a page of entries resolved (auditLabels): users and clients, policies, records; and
 * `time`, how the page writes an instant (the console's Local/UTC choice in the entry's airport
 * zone), so a re-timed pickup reads "05:20 CET → 05:10 CET" when the header says Local. Without
 * it, times are UTC, labelled so.
 */
export type WordingNames = {
  users: Record<string, string>;
  policies: Record<string, PolicyName>;
  entities: Record<string, { label: string }>;
  time?: (iso: string) => string;
};

const NO_NAMES: WordingNames = { users: {}, policies: {}, entities: {} };

/** A field change as a person reads it: "Status: requested → approved". `before` is null for a field that did not exist. */
export type ChangeWords = { field: string; before: string | null; after: string };

const ENTITY_WORDS: Record<string, string> = {
  case: "Case",
  demand: "Demand",
  policy: "Policy",
  wave: "Allocation wave",
  reservation: "Reservation",
  review: "Review item",
  segment: "Ride",
  token: "Service token",
  user: "User",
  tenant: "Settings",
  webhook: "Webhook",
  delivery: "Webhook delivery",
  "meal-voucher": "Meal voucher",
  "ride-voucher": "Taxi voucher",
  api: "Request",
  console: "Request",
};

const ACTION_WORDS: Record<string, string> = {
  create: "created",
  approve: "approved",
  reject: "rejected",
  activate: "activated",
  archive: "archived",
  close: "closed",
  reopen: "reopened",
  reaccommodate: "re-accommodated",
  override: "overridden by hand",
  resolve: "resolved",
  cancel: "cancelled",
  mint: "minted",
  revoke: "revoked",
  rebook: "rebooked",
  split: "split",
  merge: "merged",
  relax: "relaxed (policy)",
  claim: "claimed",
  release: "released",
  allocate: "allocated",
  book: "booked",
  confirm: "confirmed",
  fail: "failed",
  fulfil: "fulfilled",
  partial: "partly fulfilled",
  retime: "retimed",
  assign: "vehicle assigned",
  shrink: "shrunk",
  plan: "planned",
  complete: "completed",
  extend: "extended",
  "check-out": "checked out",
  "sla-breach": "past its SLA",
  "passengers-bulk": "passengers added",
  "erase-passenger": "passenger's personal data erased",
  "passenger.choose_hotel": "another hotel chosen by the passenger",
  "passenger.decline": "hotel declined by the passenger",
  "passenger.decline_refused": "hotel declined by the passenger, the room not released online",
  "passenger.language": "language set by the passenger",
  "erase-personal-data": "personal data erased",
  "end-sessions": "signed out everywhere",
  "update-settings": "settings changed",
  update: "changed",
  disable: "disabled",
  invalidate: "invalidated",
  redeliver: "sent again",
  backup: "backed up",
  "care-assessed": "right to care decided",
  "care-override": "right to care overridden",
  "issue-failed": "not issued",
  redeem: "redeemed",
  use: "used",
  issue: "issued",
};

/** What happened, in words: "Demand approved", "Group split", "Request refused". */
export function actionWords(entity: string, action: string): string {
  if (action === ACCESS_DENIED_ACTION) return "Request refused";
  // a split or a merge is of the case's groups, audited on the case
  if (entity === "case" && (action === "split" || action === "merge")) return `Group ${ACTION_WORDS[action]}`;
  const what = ENTITY_WORDS[entity] ?? capital(words(entity));
  return `${what} ${ACTION_WORDS[action] ?? words(action)}`;
}

/** A refused request's reason ("GET /api/v1/x: FORBIDDEN: Your roles…") as its message, and what was asked apart. */
export function refusalWords(reason: string | null): { why: string; request: string | null } {
  if (!reason) return { why: "refused", request: null };
  const m = /^(.*?): ([A-Z_]+): (.*)$/s.exec(reason);
  if (!m) return { why: reason, request: null };
  return { why: m[3], request: m[1] === "console" ? "a console action" : m[1] };
}

const FIELD_WORDS: Record<string, string> = {
  "(record)": "Record",
  status: "Status",
  state: "State",
  roomsRequested: "Rooms requested",
  roomsNeeded: "Rooms needed",
  automatic: "Automatic",
  approval: "Decision",
  decidedBy: "Decided by",
  decidedAt: "Decided at",
  decisionReason: "Reason",
  policyUrn: "Policy",
  policyVersion: "Policy version",
  createdBy: "Created by",
  assignedTo: "Claimed by",
  resolvedBy: "Resolved by",
  resolution: "Resolution",
  affectedGroups: "Groups",
  closedAt: "Closed at",
  closeReason: "Close reason",
  scheduledAt: "Pickup",
  checkIn: "Check-in",
  checkOut: "Check-out",
  hotelUrn: "Hotel",
  caseUrn: "Case",
  waveUrn: "Wave",
  demandUrn: "Demand",
  groupId: "Group",
  passengerCount: "Passengers",
  vehicleType: "Vehicle type",
  vehicle: "Vehicle",
  total: "Total",
  revokedAt: "Revoked at",
  expiresAt: "Expires at",
};

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;
// the service's closed vocabularies (statuses, tiers, categories...): worded; other capitals (AF1234, CDG, a PNR) stay as written
const ENUM_VALUES = new Set(Object.values(vocabulary).flatMap((v) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === "string" && /^[A-Z][A-Z_]+$/.test(x)) : [])));
// review resolutions of one word (lib/records/review.ts, not imported here: it is server-side)
for (const r of ["REBOOKED", "RELAXED", "SPLIT", "OVERRIDDEN"]) ENUM_VALUES.add(r);
const URN = /^urn:svc:([a-z]+):[0-9a-f-]{36}$/;
const URN_IN_TEXT = /(urn:svc:[a-z]+:[0-9a-f-]{36})( v\d+)?/g;
const LIST_SHOWN = 3;

/** A code as typed (a PNR "T7YU4G", a group "CREW1", a flight "AF1234"): capitals and digits, no lower case to split words at. */
const CODE = /^[A-Z0-9][A-Z0-9_-]*$/;

/** A code, not one of the service's own words ("ECONOMY", "MANUAL_REVIEW" are worded). */
const isCode = (s: string) => CODE.test(s) && !ENUM_VALUES.has(s);

/**
 * "roomsRequested" → "rooms requested"; "constraints.minStars" → "Constraints › min stars"; known
 * fields by their label; a part that is a code (a group keyed by its PNR) kept as typed.
 */
export function fieldWords(field: string): string {
  if (FIELD_WORDS[field]) return FIELD_WORDS[field];
  return field
    .split(".")
    .map((part, i) => {
      if (isCode(part)) return part;
      const w = FIELD_WORDS[part]?.toLowerCase() ?? words(part.replace(/([a-z0-9])([A-Z])/g, "$1 $2"));
      return i === 0 ? capital(w) : w;
    })
    .join(" › ");
}

/**
 * One value in words: enum values in lower case ("REQUESTED" → "requested"), times as "24 Nov
 * 23:10 UTC", people and policies by name, records by their label, yes/no, lists joined (long ones
 * cut), an amount with its currency; any other object summarised as its fields in words.
 */
export function valueWords(v: unknown, names: WordingNames = NO_NAMES, depth = 0): string {
  if (v === null || v === undefined || v === "") return "none";
  if (typeof v === "boolean") return v ? "yes" : "no";
  if (typeof v === "number") return String(v);
  if (typeof v === "string") return stringWords(v, names);
  if (Array.isArray(v)) {
    if (v.length === 0) return "none";
    const shown = v.slice(0, LIST_SHOWN).map((x) => valueWords(x, names, depth + 1));
    return v.length > LIST_SHOWN ? `${shown.join(", ")} and ${v.length - LIST_SHOWN} more` : shown.join(", ");
  }
  if (typeof v === "object") {
    const o = v as Record<string, unknown>;
    if (typeof o.amount === "number" && typeof o.currency === "string") return `${o.amount} ${o.currency}`;
    if (depth > 0) return Object.keys(o).length === 1 ? "1 field" : `${Object.keys(o).length} fields`;
    const parts = Object.entries(o)
      .filter(([, x]) => x !== null && x !== undefined && x !== "")
      .map(([k, x]) => `${isCode(k) ? k : fieldWords(k).toLowerCase()} ${valueWords(x, names, depth + 1)}`);
    return parts.length ? parts.join("; ") : "none";
  }
  return String(v);
}

function stringWords(s: string, names: WordingNames): string {
  if (ISO_TIME.test(s)) return names.time && !Number.isNaN(new Date(s).getTime()) ? names.time(s) : timeWords(s);
  const urn = URN.exec(s);
  if (urn) {
    if (names.users[s]) return names.users[s];
    const p = names.policies[s];
    if (p) return `“${p.name}” v${p.version}`;
    if (names.entities[s]) return names.entities[s].label;
    const kind = ENTITY_WORDS[urn[1]]?.toLowerCase() ?? urn[1];
    return `${/^[aeiou]/.test(kind) ? "an" : "a"} ${kind}`;
  }
  if (names.users[s]) return names.users[s];
  // free text naming records ("auto-approved under policy urn:… v3"): each named, a policy with its own version
  if (!s.startsWith("urn:svc:") && s.includes("urn:svc:")) return s.replace(URN_IN_TEXT, (m, u: string, v = "") => stringWords(u, names) + (names.policies[u] ? "" : v));
  if (s.startsWith("system:")) return `automatic (${s.slice(7).replaceAll("-", " ")})`;
  if (s.startsWith("passenger-link:")) return "the passenger (through their link)";
  if (ENUM_VALUES.has(s) || /^[A-Z]+(_[A-Z]+)+$/.test(s)) return words(s);
  return s;
}

/** "2026-11-24T23:10:00Z" → "24 Nov 23:10 UTC": read without decoding, the same on server and client. */
export function timeWords(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const hh = String(d.getUTCHours()).padStart(2, "0");
  const mm = String(d.getUTCMinutes()).padStart(2, "0");
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()} ${hh}:${mm} UTC`;
}

/** A field's change in words; a nested object becomes a summary of its fields. */
export function changeWords(c: FieldChange, names: WordingNames = NO_NAMES): ChangeWords {
  const absent = c.before === null || c.before === undefined;
  return { field: fieldWords(c.field), before: absent ? null : valueWords(c.before, names), after: valueWords(c.after, names) };
}

/** The changes in reading order: the state or status first (what the entry is about), then the rest as recorded. */
export function inReadingOrder<T extends { field: string }>(changes: readonly T[]): T[] {
  const first = (c: T) => (c.field === "status" || c.field === "state" ? 0 : 1);
  return [...changes].sort((a, b) => first(a) - first(b));
}

/** The subjects and policies a page of changes names (decidedBy, assignedTo, policyUrn, ...), so one lookup names them too. */
export function subjectsIn(changes: FieldChange[]): string[] {
  const found = new Set<string>();
  const walk = (v: unknown, depth: number) => {
    if (depth > 3) return;
    if (typeof v === "string") {
      if (v.startsWith("urn:svc:") || v.startsWith("client:")) found.add(v);
    } else if (Array.isArray(v)) v.forEach((x) => walk(x, depth + 1));
    else if (v && typeof v === "object") Object.values(v).forEach((x) => walk(x, depth + 1));
  };
  for (const c of changes) {
    walk(c.before, 0);
    walk(c.after, 0);
  }
  return [...found];
}

export function words(s: string): string {
  return s.replaceAll("_", " ").replaceAll("-", " ").toLowerCase();
}

export function capital(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
