import type { Locale } from "@/lib/i18n";
import { de } from "./de";
import { en, type MessageTextKey } from "./en";
import { es } from "./es";
import { fr } from "./fr";

export type { MessageTextKey };

/** One dictionary per locale; tests/unit/messages/texts.test.ts checks each has every key of English. */
export const dictionaries: Record<Locale, Record<MessageTextKey, string>> = { en, fr, de, es };

/** SMS bodies stay within two segments' worth of characters (the brief of issue 20: ≤ 320). */
export const SMS_MAX_CHARS = 320;

/** A text in the locale with its {placeholders} filled (a missing value leaves the placeholder empty). */
export function textFor(locale: Locale, key: MessageTextKey, values: Record<string, string | number | null | undefined>): string {
  // an empty sentence ({ride} with nothing to say) leaves no double space behind
  return dictionaries[locale][key].replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? "")).replace(/ {2,}/g, " ");
}

/**
 * An SMS body at most SMS_MAX_CHARS long. When it is longer (a long hotel name or reason), the
 * middle is shortened, never the end: the passenger link comes last and must arrive whole.
 */
export function smsText(locale: Locale, key: MessageTextKey, values: Record<string, string | number | null | undefined>): string {
  const full = textFor(locale, key, values);
  if (full.length <= SMS_MAX_CHARS) return full;
  const link = typeof values.link === "string" && full.endsWith(values.link) ? values.link : "";
  const head = full.slice(0, full.length - link.length);
  return `${head.slice(0, SMS_MAX_CHARS - link.length - 2).trimEnd()}… ${link}`.trimEnd().slice(0, SMS_MAX_CHARS);
}
