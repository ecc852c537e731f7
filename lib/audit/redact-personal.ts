import type { FieldChange } from "@/db/schema";

/**
 * What the audit never keeps: the value of a passenger's personal fields. The field's name stays
 * (the entry still says that `passengers.P1.email` changed), its before and after become MARKER,
 * wherever the key sits: at the top of a change, or inside a nested value (a group snapshot that
 * lists passengers). So personal data erased from the records (lib/privacy) is never left behind
 * in an append-only table that nothing may rewrite.
 */
export const PERSONAL_KEYS: ReadonlySet<string> = new Set(["firstName", "lastName", "email", "phone", "passengerName", "guestName", "guestNames"]);

export const MARKER = "[personal data not kept]";

function lastSegment(field: string): string {
  const i = field.lastIndexOf(".");
  return i < 0 ? field : field.slice(i + 1);
}

/** A value with the values of personal keys replaced, at any depth (null stays null: "absent" is not personal). */
export function redactValue(value: unknown, depth = 0): unknown {
  if (depth > 32 || value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map((v) => redactValue(v, depth + 1));
  if (value instanceof Date) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = PERSONAL_KEYS.has(k) && v !== null && v !== undefined ? MARKER : redactValue(v, depth + 1);
  return out;
}

export function redactChanges(changes: FieldChange[]): FieldChange[] {
  return changes.map((c) => {
    if (!PERSONAL_KEYS.has(lastSegment(c.field))) return { field: c.field, before: redactValue(c.before), after: redactValue(c.after) };
    const mark = (v: unknown) => (v === null || v === undefined ? null : MARKER);
    return { field: c.field, before: mark(c.before), after: mark(c.after) };
  });
}
