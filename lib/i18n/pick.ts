import { DEFAULT_LOCALE, isLocale, type Locale } from "./locales";

/**
 * The language to speak to a passenger: an explicit choice (the page's switch, the manifest's
 * `language`) when it is one we have, else the best of the browser's Accept-Language that we have
 * (by q-value, then order; "fr-CA" counts as "fr"), else English. Never throws on a malformed header:
 * it comes from anyone's browser.
 */
export function pickLocale(acceptLanguage: string | null | undefined, explicit?: string | null): Locale {
  const chosen = explicit?.trim().toLowerCase();
  if (isLocale(chosen)) return chosen;
  if (!acceptLanguage) return DEFAULT_LOCALE;
  const ranked = acceptLanguage
    .slice(0, 1000)
    .split(",")
    .map((part, order) => {
      const [tag, ...params] = part.trim().split(";");
      const q = params.map((p) => /^\s*q=([01](?:\.\d{0,3})?)\s*$/.exec(p)).find(Boolean);
      return { base: tag.trim().toLowerCase().split("-")[0], q: q ? Number(q[1]) : 1, order };
    })
    .filter((x) => x.q > 0)
    .sort((a, b) => b.q - a.q || a.order - b.order);
  return ranked.map((x) => x.base).find(isLocale) ?? DEFAULT_LOCALE;
}
