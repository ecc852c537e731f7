/**
 * The languages the passenger page, the voucher and the passenger's messages speak. English is the
 * fallback everywhere: a dictionary missing a language would not compile (each is a Record<Locale, …>).
 */
export const LOCALES = ["en", "fr", "de", "es"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/** The names of the languages in themselves, for the page's switch. */
export const LOCALE_NAMES: Record<Locale, string> = { en: "English", fr: "Français", de: "Deutsch", es: "Español" };
