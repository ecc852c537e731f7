import { render } from "@react-email/render";
import { createElement } from "react";
import { describe, expect, it } from "vitest";
import Voucher, { type VoucherProps, voucherText } from "@/emails/voucher";
import { LOCALES } from "@/lib/i18n/locales";
import { renderVoucher } from "@/lib/vouchers/render";

const moment = { date: "2026-11-23", dateLabel: "Mon 23 Nov 2026", time: "14:00" };
const base: VoucherProps = {
  confirmationCode: "ABC123",
  hotel: { name: "Hotel <Nord> & Co", address: "1 Rue", phone: null },
  timeZone: "Europe/Paris",
  checkIn: moment,
  checkOut: { ...moment, date: "2026-11-24", dateLabel: "Tue 24 Nov 2026", time: "11:00" },
  earlyCheckInMinutes: 0,
  lateCheckoutMinutes: 60,
  nights: 1,
  rooms: 1,
  passengers: ["Ana Ruiz", "Ben O'Neil"],
  total: "EUR 120.00",
  payment: { method: "GUARANTEE", airline: "Air X" },
  specialServices: [],
  transport: null,
  taxis: [],
  rideNote: "PENDING",
  draft: false,
  care: [{ text: "Meals", basis: "EU261 Art. 9(1)(a)" }],
  passengerLink: null,
};

// the email is the stored voucher rendered once with the link's block added (lib/vouchers/render.ts): the bytes React Email gives the whole email
describe("the email's voucher with its passenger link", () => {
  it.each([...LOCALES])("is byte for byte the template rendered with the link (%s)", async (locale) => {
    for (const props of [base, { ...base, draft: true, care: null, rideNote: null }]) {
      const link = "https://das.example/v/cmVz.1790000000.abc-_DEF&x='y'";
      const whole = { ...props, locale, passengerLink: link };
      const got = await renderVoucher(whole);
      expect(got.html).toBe(await render(createElement(Voucher, whole)));
      expect(got.text).toBe(voucherText(whole));
    }
  });

  it("leaves the stored voucher without the link", async () => {
    const stored = await renderVoucher(base);
    expect(stored.html).toBe(await render(createElement(Voucher, base)));
    expect(stored.html).not.toContain("/v/");
  });
});
