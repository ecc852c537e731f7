import { z } from "zod";
import { parseDuration } from "../duration";

/**
 * The value types of configuration variables: each a zod schema from the raw text (never empty:
 * an empty variable counts as unset) to the typed value, with a short name of the type for the
 * reference table. Messages say what is wrong without echoing the value (a URL may carry a password).
 */
export type VarType<T> = { schema: z.ZodType<T, string>; kind: string };

const text = () => z.string();

export function int(min: number, max?: number): VarType<number> {
  let n = z.number().int().min(min, `must be at least ${min}`);
  if (max !== undefined) n = n.max(max, `must be at most ${max}`);
  const schema = text()
    .regex(/^\s*-?\d+\s*$/, "must be a whole number")
    .transform(Number)
    .pipe(n);
  return { schema, kind: max === undefined ? `integer ≥ ${min}` : `integer ${min}–${max}` };
}

/** A decimal number above `above` (SANDBOX_INVENTORY_SCALE = 0.5 halves the sandboxes' rooms). */
export function positiveNumber(): VarType<number> {
  const schema = text()
    .regex(/^\s*\d+(\.\d+)?\s*$/, "must be a number")
    .transform(Number)
    .pipe(z.number().gt(0, "must be above 0"));
  return { schema, kind: "number > 0" };
}

/** 1/0, true/false (any case). */
export function flag(): VarType<boolean> {
  const schema = text()
    .transform((s) => s.trim().toLowerCase())
    .pipe(z.enum(["1", "0", "true", "false"], { error: "must be 1, 0, true or false" }))
    .transform((s) => s === "1" || s === "true");
  return { schema, kind: "1 | 0" };
}

export function oneOf<const V extends readonly [string, ...string[]]>(values: V): VarType<V[number]> {
  const schema = text()
    .transform((s) => s.trim())
    .pipe(z.enum(values, { error: `must be one of ${values.join(", ")}` }));
  return { schema: schema as unknown as z.ZodType<V[number], string>, kind: values.join(" | ") };
}

export function str(): VarType<string> {
  return { schema: text(), kind: "text" };
}

/** An absolute URL with one of these schemes; `also` lists words accepted besides a URL ("sandbox"). */
export function url(schemes: readonly string[], also: readonly string[] = []): VarType<string> {
  const schema = text()
    .transform((s) => s.trim())
    .refine((s) => also.includes(s) || schemes.includes(urlScheme(s) ?? ""), {
      error: `must be ${[...also.map((a) => `"${a}" or`), `a ${schemes.map((s) => `${s}://`).join(" or ")} URL`].join(" ")}`,
    });
  return { schema, kind: [...also, `${schemes.join("/")} URL`].join(" | ") };
}

function urlScheme(s: string): string | null {
  try {
    return new URL(s).protocol.replace(/:$/, "");
  } catch {
    return null;
  }
}

/** "24h", "730d", "1h30m" → seconds. */
export function duration(): VarType<number> {
  const schema = text()
    .transform((s) => parseDuration(s))
    .pipe(z.number({ error: 'must be a duration such as "30m", "24h" or "7d"' }).refine((ms) => Number.isFinite(ms) && ms > 0, 'must be a duration such as "30m", "24h" or "7d"'))
    .transform((ms) => Math.round(ms / 1000));
  return { schema, kind: "duration" };
}

/** Comma-separated entries, trimmed, empty ones dropped. */
export function list(): VarType<string[]> {
  const schema = text().transform((s) =>
    s
      .split(",")
      .map((e) => e.trim())
      .filter(Boolean),
  );
  return { schema, kind: "comma-separated list" };
}

/** "HH:MM-HH:MM", the end may be 24:00. */
export function hours(): VarType<{ from: string; until: string }> {
  const schema = text()
    .transform((s) => /^([01]\d|2[0-3]):([0-5]\d)-([01]\d|2[0-3]|24):([0-5]\d)$/.exec(s.trim()))
    .refine((m) => m !== null, 'must be hours such as "05:00-23:00"')
    .transform((m) => ({ from: `${m![1]}:${m![2]}`, until: `${m![3]}:${m![4]}` }));
  return { schema, kind: "HH:MM-HH:MM" };
}
