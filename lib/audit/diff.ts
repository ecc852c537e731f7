import type { FieldChange } from "@/db/schema";

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v) && !(v instanceof Date);
}

function normalize(v: unknown): unknown {
  return v instanceof Date ? v.toISOString() : v === undefined ? null : v;
}

/**
 * Before/after of each changed field. Nested objects are walked so a change reads
 * `constraints.minStars: 3 → 4`; arrays and scalars compare whole.
 */
export function diff(before: unknown, after: unknown, prefix = ""): FieldChange[] {
  if (isPlainObject(before) && isPlainObject(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
    return keys.flatMap((k) => diff(before[k], after[k], prefix ? `${prefix}.${k}` : k));
  }
  const b = normalize(before);
  const a = normalize(after);
  if (JSON.stringify(b) === JSON.stringify(a)) return [];
  if (!prefix) return [{ field: "(record)", before: b, after: a }];
  return [{ field: prefix, before: b, after: a }];
}
