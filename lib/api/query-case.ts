import { z } from "zod";

/** The enum a query field accepts, under optional/default/nullable/pipe wrappers; null if none. */
function enumValues(field: z.ZodType): readonly string[] | null {
  let t: unknown = field;
  for (let i = 0; i < 8 && t; i++) {
    if (t instanceof z.ZodEnum) return (t as z.ZodEnum).options.map(String);
    if (t instanceof z.ZodOptional || t instanceof z.ZodDefault || t instanceof z.ZodNullable || t instanceof z.ZodPrefault) {
      t = (t as z.ZodOptional).unwrap();
    } else if (t instanceof z.ZodPipe) {
      t = (t as z.ZodPipe).in;
    } else {
      return null;
    }
  }
  return null;
}

/**
 * Filter values in a URL are case-insensitive: `?status=failed` means FAILED. Every field of the
 * query schema that is an enum of upper-case values gets its value upper-cased before parsing
 * (a value that is still not a member is refused by the schema as before). One place for the API
 * (lib/api/handler.ts) and the console's list pages.
 */
export function upperCaseEnums(schema: z.ZodObject, raw: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...raw };
  for (const [key, field] of Object.entries(schema.shape)) {
    const value = out[key];
    if (typeof value !== "string") continue;
    const values = enumValues(field as z.ZodType);
    if (values && values.every((v) => v === v.toUpperCase())) out[key] = value.trim().toUpperCase();
  }
  return out;
}
