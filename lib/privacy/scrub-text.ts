import { escapeHtml } from "@/lib/escape-html";

/** What stands where an erased name, address or number was. */
export const ERASED_NAME = "(name erased)";
export const ERASED = "(erased)";

export type PersonalFields = { firstName: string | null; lastName: string | null; email: string | null; phone: string | null };
export type Needle = { text: string; marker: string };

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The strings by which a passenger's personal data appears in rendered text: the full name as a
 * voucher or an email prints it, each name alone (two characters or more: one letter would erase
 * every "A" of a page), the email and the phone, each also as HTML escapes it. Longest first, so
 * "Ana Silva" goes before "Ana".
 */
export function needlesOf(people: readonly PersonalFields[]): Needle[] {
  const out = new Map<string, string>();
  const add = (text: string | null | undefined, marker: string, min = 1) => {
    const t = text?.trim();
    if (!t || t.length < min) return;
    for (const v of [t, escapeHtml(t)]) if (!out.has(v)) out.set(v, marker);
  };
  for (const p of people) {
    add([p.firstName, p.lastName].filter(Boolean).join(" "), ERASED_NAME);
    add(p.email, ERASED);
    add(p.email?.trim().toLowerCase(), ERASED);
    add(p.phone, ERASED);
    add(p.firstName, ERASED_NAME, 2);
    add(p.lastName, ERASED_NAME, 2);
  }
  return [...out.entries()].map(([text, marker]) => ({ text, marker })).sort((a, b) => b.text.length - a.text.length);
}

/**
 * `text` with every whole-word occurrence of a needle replaced by its marker (case-insensitive: a
 * template may capitalise). Whole words only, so erasing "Ana" leaves "Anatole" and "banana" alone.
 */
export function scrubText(text: string, needles: readonly Needle[]): string {
  let out = text;
  for (const n of needles) {
    const re = new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(n.text)}(?![\\p{L}\\p{N}])`, "giu");
    out = out.replace(re, n.marker);
  }
  return out;
}

/** Whether `text` still holds a needle (a cheap check before rewriting a row). */
export function holdsAny(text: string | null | undefined, needles: readonly Needle[]): boolean {
  if (!text) return false;
  const lower = text.toLowerCase();
  return needles.some((n) => lower.includes(n.text.toLowerCase()));
}
