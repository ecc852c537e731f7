/**
 * The languages passengers are spoken to in (page, vouchers, messages). A passenger's language comes
 * from the manifest or from their page's switch (passengers.language); otherwise the browser's
 * Accept-Language; otherwise English.
 */
export const LOCALES = ["en", "fr", "de", "es"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/** The explicit choice if it is one of ours, else the best of an Accept-Language header by its q-values, else English. */
export function pickLocale(acceptLanguage: string | null | undefined, explicit?: string | null): Locale {
  const chosen = explicit?.trim().toLowerCase().slice(0, 2);
  if (isLocale(chosen)) return chosen;
  const ranked = (acceptLanguage ?? "")
    .split(",")
    .map((part, i) => {
      const [tag, ...params] = part.trim().split(";");
      const q = Number(params.find((p) => p.trim().startsWith("q="))?.trim().slice(2) ?? "1");
      return { lang: tag.trim().toLowerCase().slice(0, 2), q: Number.isFinite(q) ? q : 0, i };
    })
    .filter((l) => l.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i);
  return ranked.map((l) => l.lang).find(isLocale) ?? DEFAULT_LOCALE;
}
