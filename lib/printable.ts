import { Text } from "@/lib/primitives";

/**
 * Text that reaches a passenger or a hotel (names on vouchers and rooming lists, a driver's name,
 * a pickup place, a cancellation reason, an offer id sent to a provider) is printed verbatim in
 * the text voucher that SMS gateways and printers receive. A line break there forges lines
 * ("Payment: PAY 250 EUR CASH"), a BEL or ESC drives a printer, and a bidi override reorders
 * what the reader sees. So such text is refused when it holds:
 * - a C0 or C1 control character (U+0000–U+001F, U+007F–U+009F: CR, LF, TAB, BEL, ESC included);
 * - a line or paragraph separator (U+2028, U+2029);
 * - a bidi control: the embeddings and overrides U+202A–U+202E, the isolates U+2066–U+2069, and
 *   the marks U+200E (LRM), U+200F (RLM), U+061C (ALM). A manifest name never needs them (the
 *   renderer lays out right-to-left scripts by itself), and a mark next to digits or punctuation
 *   still reorders what a reader sees, so they are refused too rather than judged case by case.
 * Zero-width joiners (U+200C, U+200D) stay allowed: Persian and Indic names need them.
 */
const FORBIDDEN = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]/u;

/** Characters that draw nothing although Unicode files some of them as letters or symbols. */
const INVISIBLE = /[\u115f\u1160\u3164\uffa0\u2800\u180e]/gu;

export const UNPRINTABLE_MESSAGE =
  "must not contain line breaks, control characters (U+0000–U+001F, U+007F–U+009F), U+2028/U+2029 or bidi controls (U+202A–U+202E, U+2066–U+2069, U+200E, U+200F, U+061C)";

/** The first refused character, as `U+XXXX`, or null when the text may be printed. */
export function unprintableChar(v: string): string | null {
  const m = FORBIDDEN.exec(v);
  return m ? `U+${m[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}` : null;
}

/** Whether the text draws at least one glyph: a letter, digit, punctuation or symbol that is not a filler. */
export function hasVisibleChar(v: string): boolean {
  return /[\p{L}\p{N}\p{P}\p{S}]/u.test(v.replace(INVISIBLE, ""));
}

/** For OpenAPI descriptions of such fields. */
export const PRINTABLE_NOTE = "printed for passengers or hotels: a line break, control character (U+0000–U+001F, U+007F–U+009F), U+2028/U+2029 or bidi control (U+202A–U+202E, U+2066–U+2069, U+200E, U+200F, U+061C) is refused with 422";

/** A Text (no NUL) that a passenger or a hotel will read: refused (422) with the character named when unprintable. */
export const PrintableText = Text.superRefine((v, ctx) => {
  const bad = unprintableChar(v);
  if (bad) ctx.addIssue({ code: "custom", message: `${UNPRINTABLE_MESSAGE}; found ${bad}` });
});

/** A required printable text of 1–max characters with at least one visible character. */
export const requiredPrintable = (max: number) =>
  PrintableText.trim()
    .min(1, "required")
    .max(max)
    .refine(hasVisibleChar, "required: has no visible character");

/**
 * For rendering: text already stored before these rules (or from a peer) cannot break a line of
 * the text voucher: every refused character becomes a space, runs of spaces collapse.
 */
export function printable(v: string): string {
  return v.replace(new RegExp(FORBIDDEN.source, "gu"), " ").replace(/ {2,}/g, " ").trim();
}

/** One line of a text rendition: each refused character becomes a space, nothing else changes. */
export function scrubLine(v: string): string {
  return v.replace(new RegExp(FORBIDDEN.source, "gu"), " ");
}
