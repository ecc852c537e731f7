import { describe, expect, it } from "vitest";
import type { VoucherProps } from "@/emails/voucher";
import { decideCare } from "@/lib/care/decide";
import { owedLines } from "@/lib/care/owed-lines";
import type { CareFacts, CarePassenger } from "@/lib/care/types";
import { CARE_WORDS } from "@/lib/i18n/care-words";
import { LOCALES } from "@/lib/i18n/locales";
import { renderVoucher } from "@/lib/vouchers/render";

const props: VoucherProps = {
  confirmationCode: "HB-778812",
  hotel: { name: "Hôtel Test", address: "1 rue de l'Aéroport, Roissy", phone: null },
  timeZone: "Europe/Paris",
  checkIn: { date: "2026-11-21", dateLabel: "Sat 21 Nov 2026", time: "15:00" },
  checkOut: { date: "2026-11-22", dateLabel: "Sun 22 Nov 2026", time: "11:00" },
  earlyCheckInMinutes: 0,
  lateCheckoutMinutes: 0,
  nights: 1,
  rooms: 1,
  passengers: ["Amélie Dupont"],
  total: "EUR 119.00",
  payment: { method: "GUARANTEE", airline: "Air Test" },
  specialServices: [],
  transport: null,
  draft: false,
  passengerLink: null,
};

// the example: CDG → JFK cancelled at 18:05 Paris time, crew shortage, next flight 09:10 tomorrow
const facts: CareFacts = {
  flight: { number: "AF22", origin: "CDG", destination: "JFK", scheduledDeparture: "2026-11-21T17:05:00Z" },
  originCountry: "FR",
  destinationCountry: "US",
  carrierCountry: "FR",
  distanceKm: 5837,
  blockMinutes: 468,
  disruption: { kind: "CANCELLATION", cause: "CONTROLLABLE" },
  nextDeparture: "2026-11-22T08:10:00Z",
  waitMinutes: 905,
  overnight: true,
  localDepartureHour: 18,
};
const pax = (id: string): CarePassenger => ({ passengerId: id, groupId: "G1", tier: "ECONOMY", specialNeeds: [], airlineCare: null });

describe("the voucher's right to care", () => {
  it("prints each owed kind with its regime and article, in both renditions", async () => {
    const care = owedLines(decideCare(facts, [pax("P1"), pax("P2")]), "en", { separate: true }).map(({ text, basis }) => ({ text, basis }));
    expect(care).toEqual([
      { text: "Meals and drinks now", basis: "EU261 Art. 5(1)(b), 9(1)(a)" },
      { text: "A hotel tonight", basis: "EU261 Art. 5(1)(b), 9(1)(b)" },
      { text: "The transfer between the airport and the hotel", basis: "EU261 Art. 5(1)(b), 9(1)(c)" },
      { text: "Two phone calls, messages or emails", basis: "EU261 Art. 5(1)(b), 9(2)" },
    ]);
    const { html, text } = await renderVoucher({ ...props, care });
    expect(text).toContain("Your right to care:\n- Meals and drinks now (EU261 Art. 5(1)(b), 9(1)(a))\n- A hotel tonight (EU261 Art. 5(1)(b), 9(1)(b))\n");
    expect(html).toContain("Your right to care");
    expect(html).toContain("- A hotel tonight (EU261 Art. 5(1)(b), 9(1)(b))");
  });

  it("speaks the group's language, the article as written", async () => {
    const care = owedLines(decideCare(facts, [pax("P1")]), "fr", { separate: true });
    const { text } = await renderVoucher({ ...props, locale: "fr", care });
    expect(text).toContain(`${CARE_WORDS.fr.voucherTitle}:\n- Repas et rafraîchissements dès maintenant (EU261 Art. 5(1)(b), 9(1)(a))`);
  });

  it("the passenger page's plain words: the hotel and its transfer said once, with both articles", () => {
    const lines = owedLines(decideCare(facts, [pax("P1")]), "en");
    expect(lines.map((l) => [l.text, l.basis])).toEqual([
      ["Meals and drinks now", "EU261 Art. 5(1)(b), 9(1)(a)"],
      ["A hotel tonight and the transfer", "EU261 Art. 5(1)(b), 9(1)(b),(c)"],
      ["Two phone calls, messages or emails", "EU261 Art. 5(1)(b), 9(2)"],
    ]);
  });

  it("no block when nothing is owed or nothing was assessed: the voucher reads as it did", async () => {
    const before = await renderVoucher(props);
    expect(before.text).not.toContain("Your right to care");
    expect((await renderVoucher({ ...props, care: [] })).text).toBe(before.text);
    const none = decideCare({ ...facts, originCountry: "JP", destinationCountry: "KR", carrierCountry: "JP" }, [pax("P1")]);
    expect(owedLines(none, "en")).toEqual([]);
  });

  it("has every word in every language", () => {
    const keys = Object.keys(CARE_WORDS.en).sort();
    for (const locale of LOCALES) expect(Object.keys(CARE_WORDS[locale]).sort(), locale).toEqual(keys);
  });
});
