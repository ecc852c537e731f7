import { describe, expect, it } from "vitest";
import { fill, LOCALES, PAGE_WORDS, pickLocale, REFUSAL_WORDS, VOUCHER_WORDS } from "@/lib/i18n";

describe("pickLocale", () => {
  it("takes an explicit language we speak over the browser's", () => {
    expect(pickLocale("de-DE,de;q=0.9", "fr")).toBe("fr");
    expect(pickLocale("de-DE,de;q=0.9", " ES ")).toBe("es");
  });
  it("ignores an explicit language we do not speak and reads Accept-Language", () => {
    expect(pickLocale("de-DE,de;q=0.9", "it")).toBe("de");
  });
  it("ranks Accept-Language by q-value, then order, matching the base language", () => {
    expect(pickLocale("it;q=1, fr-CA;q=0.5, es;q=0.8")).toBe("es");
    expect(pickLocale("fr-CA, de")).toBe("fr");
    expect(pickLocale("de;q=0, fr;q=0.1")).toBe("fr");
  });
  it("falls back to English on nothing, nothing we speak, or garbage", () => {
    expect(pickLocale(null)).toBe("en");
    expect(pickLocale("")).toBe("en");
    expect(pickLocale("it, pt-BR")).toBe("en");
    expect(pickLocale(";;;q=abc,,,")).toBe("en");
  });
});

describe("dictionaries", () => {
  it("every language has every key of the page, the refusals and the voucher, non-empty, with the same placeholders", () => {
    for (const words of [PAGE_WORDS, REFUSAL_WORDS, VOUCHER_WORDS] as Record<string, Record<string, string>>[]) {
      const keys = Object.keys(words.en).sort();
      for (const locale of LOCALES) {
        expect(Object.keys(words[locale]).sort(), locale).toEqual(keys);
        for (const key of keys) {
          expect(words[locale][key].trim(), `${locale}.${key}`).not.toBe("");
          const holes = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
          expect(holes(words[locale][key]), `${locale}.${key}`).toEqual(holes(words.en[key]));
        }
      }
    }
  });
  it("a language other than English is translated, not copied", () => {
    for (const locale of LOCALES.filter((l) => l !== "en")) {
      expect(PAGE_WORDS[locale].chooseTitle).not.toBe(PAGE_WORDS.en.chooseTitle);
      expect(VOUCHER_WORDS[locale].title).not.toBe(VOUCHER_WORDS.en.title);
      expect(REFUSAL_WORDS[locale].cannotRelease).not.toBe(REFUSAL_WORDS.en.cannotRelease);
    }
  });
  it("fill puts values in their placeholders and leaves an unknown one visible", () => {
    expect(fill("Choose {hotel} by {time}", { hotel: "Ibis" })).toBe("Choose Ibis by {time}");
  });
});
