import { createElement as h } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { LinkProblem } from "@/components/passenger/link-problem";
import { PassengerView } from "@/components/passenger/passenger-view";
import { LOCALES, PAGE_WORDS } from "@/lib/i18n";
import { CARE_WORDS } from "@/lib/i18n/care-words";
import { MEAL_WORDS } from "@/lib/i18n/meal-words";
import type { PassengerStatus } from "@/lib/passenger/schemas";

const text = (html: string) => html.replace(/<[^>]+>/g, "").replace(/&#x27;/g, "'").replace(/&amp;/g, "&");

const status = (locale: PassengerStatus["locale"]): PassengerStatus => ({
  reservation: {
    status: "CONFIRMED",
    confirmationCode: "HB-778812",
    hotel: { urn: "urn:svc:hotel:a", name: "Hôtel Test", address: "1 rue de l'Aéroport", phone: "+33 1 23 45 67 89", mapUrl: "https://www.openstreetmap.org/?mlat=49&mlon=2" },
    checkIn: "2026-11-21T14:00:00.000Z",
    checkOut: "2026-11-22T10:00:00.000Z",
    timeZone: "Europe/Paris",
    rooms: 2,
    guests: ["Amélie D.", "Jean D."],
  },
  ride: { pickupAt: "2099-11-21T15:00:00.000Z", pickupPlace: "Terminal 2E, door 8", vehicle: null, status: "PLANNED" },
  rides: [],
  nextFlight: { number: "AF1236", scheduledDeparture: "2026-11-22T09:30:00Z" },
  choice: { open: true, deadline: "2099-11-21T15:20:00.000Z", minutesLeft: 20 },
  declined: false,
  care: null,
  locale,
});

describe("the passenger page in each language", () => {
  it.each(LOCALES)("%s: a valid taxi voucher and no shuttle says to take the taxi, never to make your own way", (locale) => {
    const w = PAGE_WORDS[locale];
    const taxi: PassengerStatus = { ...status(locale), ride: null, rides: [{ direction: "AIRPORT_TO_HOTEL", code: "TX-9981", link: null, pickupAt: "2026-11-21T22:40:00.000Z", maxAmount: 80, currency: "EUR", status: "ISSUED" }] };
    const t = text(renderToStaticMarkup(h(PassengerView, { token: "t", initial: taxi, hotels: [], words: w, rememberLanguage: null })));
    expect(t).toContain(w.takeTaxi);
    expect(t).not.toContain(w.noShuttle);
    // no shuttle and no taxi: the old words stay
    const none = text(renderToStaticMarkup(h(PassengerView, { token: "t", initial: { ...status(locale), ride: null }, hotels: [], words: w, rememberLanguage: null })));
    expect(none).toContain(w.noShuttle);
  });

  it.each(LOCALES)("%s: headings, actions and the switch in that language, the main region tagged with it", (locale) => {
    const w = PAGE_WORDS[locale];
    const html = renderToStaticMarkup(
      h(PassengerView, { token: "t", initial: status(locale), hotels: [{ hotelUrn: "urn:svc:hotel:b", name: "Other Inn", address: "2 avenue", stars: 4, distanceKm: 3.2 }], words: w, rememberLanguage: null }),
    );
    expect(html).toContain(`lang="${locale}"`);
    const t = text(html);
    for (const word of [w.pageTitle, w.language, w.confirmationCode, w.map, w.shuttle, w.nextFlight, w.chooseTitle, w.declineTitle, w.declineReason, w.voucher]) expect(t).toContain(word);
    expect(t).toContain(w.chooseButton.replace("{hotel}", "Other Inn"));
    expect(t).toContain("Terminal 2E, door 8");
    expect(t).toContain("HB-778812");
    // every form control has its label
    expect(html).toContain('for="lang"');
    expect(html).toContain('for="decline-reason"');
  });

  it("English: one 24-hour clock throughout (stay, shuttle, taxi voucher), never 'PM'", () => {
    const en: PassengerStatus = {
      ...status("en"),
      rides: [{ direction: "AIRPORT_TO_HOTEL", code: "TX-9981", link: null, pickupAt: "2026-11-21T22:30:00.000Z", maxAmount: 80, currency: "EUR", status: "ISSUED" }],
    };
    const t = text(renderToStaticMarkup(h(PassengerView, { token: "t", initial: en, hotels: [], words: PAGE_WORDS.en, rememberLanguage: null })));
    // check-in 15:00 Paris, the shuttle at 16:00, the taxi at 23:30
    expect(t).toContain("15:00");
    expect(t).toContain("16:00");
    expect(t).toContain("23:30");
    expect(t).not.toMatch(/\b(AM|PM)\b/);
  });

  it("draws what the group is owed, its meal and taxi vouchers from the status it polls, in the page's language", () => {
    const fresh: PassengerStatus = {
      ...status("fr"),
      care: [{ kind: "MEAL", text: CARE_WORDS.fr.MEAL_NOW, basis: "EU261 Art. 5(1)(b), 9(1)(a)" }],
      mealVouchers: [{ guest: "Amélie D.", seq: 1, status: "ISSUED", code: "MV-4417", amount: 15, currency: "EUR", validFrom: "2026-11-21T17:05:00.000Z", validUntil: "2026-11-21T23:05:00.000Z" }],
      rides: [{ direction: "AIRPORT_TO_HOTEL", code: "TX-9981", link: null, pickupAt: "2026-11-21T22:40:00.000Z", maxAmount: 80, currency: "EUR", status: "ISSUED" }],
    };
    const t = text(renderToStaticMarkup(h(PassengerView, { token: "t", initial: fresh, hotels: [], words: PAGE_WORDS.fr, rememberLanguage: null })));
    for (const word of [CARE_WORDS.fr.pageTitle, CARE_WORDS.fr.MEAL_NOW, "EU261 Art. 5(1)(b), 9(1)(a)", MEAL_WORDS.fr.title, "MV-4417", "Repas 1", "TX-9981"]) expect(t).toContain(word);
    // before the first assessment and without vouchers: none of the three sections
    const bare = text(renderToStaticMarkup(h(PassengerView, { token: "t", initial: status("fr"), hotels: [], words: PAGE_WORDS.fr, rememberLanguage: null })));
    expect(bare).not.toContain(CARE_WORDS.fr.pageTitle);
    expect(bare).not.toContain(MEAL_WORDS.fr.title);
  });

  it("a forged or expired link: a friendly page in the browser's language, nothing of a stay", () => {
    expect(text(renderToStaticMarkup(h(LinkProblem, { locale: "de", kind: "expired" })))).toContain(PAGE_WORDS.de.expiredTitle);
    expect(text(renderToStaticMarkup(h(LinkProblem, { locale: "es", kind: "notFound" })))).toContain(PAGE_WORDS.es.notFoundText);
  });
});
