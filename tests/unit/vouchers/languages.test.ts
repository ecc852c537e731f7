import { describe, expect, it } from "vitest";
import type { VoucherProps } from "@/emails/voucher";
import { LOCALES, VOUCHER_WORDS } from "@/lib/i18n";
import { renderVoucher } from "@/lib/vouchers/render";

const props: VoucherProps = {
  confirmationCode: "HB-778812",
  hotel: { name: "Hôtel Test", address: "1 rue de l'Aéroport, Roissy", phone: "+33 1 23 45 67 89" },
  timeZone: "Europe/Paris",
  checkIn: { date: "2026-11-21", dateLabel: "Sat 21 Nov 2026", time: "15:00" },
  checkOut: { date: "2026-11-22", dateLabel: "Sun 22 Nov 2026", time: "11:00" },
  earlyCheckInMinutes: 0,
  lateCheckoutMinutes: 60,
  nights: 1,
  rooms: 2,
  passengers: ["Amélie Dupont", "Jean Dupont"],
  total: "EUR 238.00",
  payment: { method: "GUARANTEE", airline: "Air Test" },
  specialServices: [],
  transport: null,
  draft: false,
  passengerLink: "https://das.example/v/abc",
};

describe("the voucher in each language", () => {
  it.each(LOCALES)("%s: the voucher's headings, payment and stay in that language, the html tagged with it, the same facts", async (locale) => {
    const { html, text } = await renderVoucher({ ...props, locale });
    const w = VOUCHER_WORDS[locale];
    expect(html).toContain(`lang="${locale}"`);
    for (const rendered of [html, text]) {
      expect(rendered).toContain(w.confirmationCode);
      expect(rendered).toContain(`2 ${w.rooms}`);
      expect(rendered).toContain(w.transport);
      expect(rendered).toContain("HB-778812");
      expect(rendered).toContain("2026-11-22");
    }
    expect(text).toContain(w.noTransport);
    expect(text).toContain(w.guarantee.replace("{airline}", "Air Test"));
    expect(text).toContain(`${w.showOnPhone} https://das.example/v/abc`);
    expect(text.split("\n")[0]).toBe(w.title.toLocaleUpperCase(locale));
  });

  it("dates read in the language: French and German weekdays and months, English as before", async () => {
    expect((await renderVoucher({ ...props, locale: "fr" })).text).toContain("dim. 22 nov. 2026 (2026-11-22) avant 11:00");
    expect((await renderVoucher({ ...props, locale: "de" })).text).toContain("So., 22. Nov. 2026 (2026-11-22) bis 11:00");
    expect((await renderVoucher({ ...props, locale: "en" })).text).toContain("Sun 22 Nov 2026 (2026-11-22) by 11:00");
  });

  it("without a language the voucher is English, byte for byte the same as with en", async () => {
    const none = await renderVoucher(props);
    expect(none).toEqual(await renderVoucher({ ...props, locale: "en" }));
    expect(none.text).toContain("Check-out (hotel time, Europe/Paris):");
    expect(none.text).toContain("Includes late check-out of 1 h");
  });
});
