import { describe, expect, it } from "vitest";
import { LOCALES } from "@/lib/i18n";
import { toE164 } from "@/lib/phone";
import { dictionaries, SMS_MAX_CHARS, smsText, textFor } from "@/lib/messages/texts";
import { en } from "@/lib/messages/texts/en";

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe("message texts", () => {
  it("every locale has every key of English, no other, with the same placeholders", () => {
    for (const locale of LOCALES) {
      const dict = dictionaries[locale];
      expect(Object.keys(dict).sort(), locale).toEqual(Object.keys(en).sort());
      for (const [key, text] of Object.entries(dict)) {
        expect(text.trim(), `${locale} ${key}`).not.toBe("");
        expect(placeholders(text), `${locale} ${key}`).toEqual(placeholders(en[key as keyof typeof en]));
      }
    }
  });

  it("fills placeholders in the passenger's language", () => {
    expect(textFor("fr", "cancellation.subject", { code: "HB-1", hotel: "Hôtel du Terminal" })).toBe("Annulée : réservation d'hôtel HB-1 à Hôtel du Terminal");
    expect(textFor("de", "voucher.subject", { code: "HB-1", hotel: "H", checkIn: "Sa 21 Nov 19:05" })).toBe("Ihr Hotelgutschein HB-1: H, Sa 21 Nov 19:05");
  });

  it("an SMS stays within 320 characters and keeps the passenger link whole, however long the hotel's name", () => {
    const link = "https://service.example/v/" + "x".repeat(120);
    for (const locale of LOCALES) {
      const text = smsText(locale, "voucher.sms", { airline: "Air Example", hotel: "Grand Hôtel ".repeat(30), checkIn: "Sat 21 Nov 19:05", code: "HB-778812", link });
      expect(text.length, locale).toBeLessThanOrEqual(SMS_MAX_CHARS);
      expect(text.endsWith(` ${link}`), locale).toBe(true);
    }
    const short = smsText("en", "voucher.sms", { airline: "AF", hotel: "Ibis", checkIn: "Sat 19:05", code: "C1", link: "https://s/v/t" });
    expect(short).toBe("AF: your hotel tonight is Ibis, check-in Sat 19:05, confirmation C1. Your voucher: https://s/v/t");
  });
});

describe("phone numbers as E.164", () => {
  it("normalises what manifests carry and refuses what it cannot read", () => {
    expect(toE164("+33 6 12 34 56 78")).toBe("+33612345678");
    expect(toE164("0033 (0)6-12.34.56.78".replace("(0)", ""))).toBe("+33612345678");
    expect(toE164("+44 7700 900123")).toBe("+447700900123");
    expect(toE164("06 12 34 56 78")).toBeNull(); // no country code: not guessed
    expect(toE164("call me")).toBeNull();
    expect(toE164("")).toBeNull();
    expect(toE164(null)).toBeNull();
  });
});
