import { describe, expect, it } from "vitest";
import type { CareFacts } from "@/lib/care/types";
import { DISRUPTION_CAUSES } from "@/lib/vocabulary";
import { basisOf, careOf, entitlement, factsFor, plus, regimesOf, type Iata } from "./build";

const DEP = "2026-03-10T17:05:00Z"; // 18:05 in Paris

/** A delay on a real route, then the distance and the wait set exactly to the boundary under test. */
function delay(from: Iata, to: Iata, over: Partial<CareFacts>): CareFacts {
  return { ...factsFor({ from, to, departs: DEP, next: plus(DEP, 60), kind: "DELAY", cause: "CONTROLLABLE", carrier: "FR" }), overnight: false, ...over };
}

describe("EU261 / UK261: who is covered (Art. 3(1))", () => {
  it.each([
    { from: "CDG", to: "JFK", carrier: null, regimes: ["EU261"], why: "departure in the EU, any carrier" },
    { from: "JFK", to: "CDG", carrier: "FR", regimes: ["EU261"], why: "arrival in the EU on an EU carrier" },
    { from: "JFK", to: "CDG", carrier: "US", regimes: [], why: "arrival in the EU on a US carrier" },
    { from: "JFK", to: "CDG", carrier: null, regimes: [], why: "arrival in the EU, carrier unknown" },
    { from: "LHR", to: "CDG", carrier: "FR", regimes: ["EU261", "UK261"], why: "departure in the UK, arrival in the EU on an EU carrier" },
    { from: "LHR", to: "CDG", carrier: "GB", regimes: ["UK261"], why: "a UK carrier is not an EU carrier" },
    { from: "CDG", to: "LHR", carrier: "GB", regimes: ["EU261", "UK261"], why: "departure in the EU, arrival in the UK on a UK carrier" },
    { from: "JFK", to: "LHR", carrier: "GB", regimes: ["UK261"], why: "arrival in the UK on a UK carrier" },
    { from: "DXB", to: "CDG", carrier: "AE", regimes: [], why: "arrival in the EU on a third-country carrier" },
  ] as const)("$from→$to on a $carrier carrier: $why", ({ from, to, carrier, regimes }) => {
    const meal = entitlement(careOf(factsFor({ from, to, departs: DEP, next: null, carrier })), "MEAL");
    const seen = regimesOf(meal).filter((r) => r === "EU261" || r === "UK261");
    expect(seen.sort()).toEqual([...regimes].sort());
  });
});

describe("EU261: the delay from which meals are owed, by distance (Art. 6(1))", () => {
  it.each([
    { from: "CDG", to: "LIS", km: 1500, minutes: 120, article: "Art. 6(1)(a)(i), 9(1)(a)", why: "1,500 km or less" },
    { from: "CDG", to: "LIS", km: 1501, minutes: 180, article: "Art. 6(1)(b)(i), 9(1)(a)", why: "over 1,500 km within the EU" },
    { from: "CDG", to: "LIS", km: 3500, minutes: 180, article: "Art. 6(1)(b)(i), 9(1)(a)", why: "within the EU" },
    { from: "CDG", to: "LIS", km: 3501, minutes: 180, article: "Art. 6(1)(b)(i), 9(1)(a)", why: "within the EU, however far" },
    { from: "CDG", to: "TLV", km: 1500, minutes: 120, article: "Art. 6(1)(a)(i), 9(1)(a)", why: "1,500 km or less, leaving the EU" },
    { from: "CDG", to: "TLV", km: 1501, minutes: 180, article: "Art. 6(1)(b)(i), 9(1)(a)", why: "1,500–3,500 km" },
    { from: "CDG", to: "TLV", km: 3500, minutes: 180, article: "Art. 6(1)(b)(i), 9(1)(a)", why: "3,500 km is still (b)" },
    { from: "CDG", to: "TLV", km: 3501, minutes: 240, article: "Art. 6(1)(c)(i), 9(1)(a)", why: "over 3,500 km" },
  ] as const)("$from→$to at $km km: from $minutes min ($why)", ({ from, to, km, minutes, article }) => {
    const under = basisOf(entitlement(careOf(delay(from, to, { distanceKm: km, waitMinutes: minutes - 1 })), "MEAL"), "EU261");
    const at = basisOf(entitlement(careOf(delay(from, to, { distanceKm: km, waitMinutes: minutes })), "MEAL"), "EU261");
    expect(under).toMatchObject({ owed: false, fromMinutes: minutes, article });
    expect(at).toMatchObject({ owed: true, fromMinutes: minutes, article });
    const comms = basisOf(entitlement(careOf(delay(from, to, { distanceKm: km, waitMinutes: minutes })), "COMMUNICATION"), "EU261");
    expect(comms).toMatchObject({ owed: true, fromMinutes: minutes, article: article.replace("9(1)(a)", "9(2)") });
  });

  it("a delay's hotel and transfers need the band's delay and a departure the next day (Art. 6(1)(ii), 9(1)(b),(c))", () => {
    const hotel = (over: Partial<CareFacts>) => basisOf(entitlement(careOf(delay("CDG", "TLV", { distanceKm: 3600, ...over })), "HOTEL"), "EU261");
    expect(hotel({ waitMinutes: 900, overnight: true })).toMatchObject({ owed: true, article: "Art. 6(1)(c)(ii), 9(1)(b)", fromMinutes: 240 });
    expect(hotel({ waitMinutes: 300, overnight: false })).toMatchObject({ owed: false });
    // a 03:00 departure put back to 06:30: the night is under way, but 3 h 30 is short of the 4 h of (c)
    expect(hotel({ waitMinutes: 210, overnight: true })).toMatchObject({ owed: false, rule: expect.stringContaining("under the 4 h") });
    const transfer = basisOf(entitlement(careOf(delay("CDG", "TLV", { distanceKm: 3600, waitMinutes: 900, overnight: true })), "TRANSPORT"), "EU261");
    expect(transfer).toMatchObject({ owed: true, article: "Art. 6(1)(c)(ii), 9(1)(c)" });
  });

  it("UK261 reads 'within the territory' as within the UK", () => {
    const f = { ...factsFor({ from: "LHR", to: "EDI", departs: DEP, next: plus(DEP, 150), kind: "DELAY" }), distanceKm: 1600 };
    expect(basisOf(entitlement(careOf(f), "MEAL"), "UK261")).toMatchObject({ owed: false, fromMinutes: 180, article: "Art. 6(1)(b)(i), 9(1)(a)" });
  });
});

describe("EU261: cancellation and denied boarding (Art. 5(1)(b), 4(3), 9)", () => {
  it.each(DISRUPTION_CAUSES)("a cancellation owes meals at once and a hotel overnight whatever the cause (%s)", (cause) => {
    const overnight = careOf(factsFor({ from: "CDG", to: "JFK", departs: DEP, next: "2026-03-11T08:10:00Z", cause }));
    expect(basisOf(entitlement(overnight, "MEAL"), "EU261")).toMatchObject({ owed: true, fromMinutes: 0, article: "Art. 5(1)(b), 9(1)(a)", rule: "cancellation: meals and refreshments at once" });
    expect(basisOf(entitlement(overnight, "COMMUNICATION"), "EU261")).toMatchObject({ owed: true, fromMinutes: 0, article: "Art. 5(1)(b), 9(2)" });
    expect(basisOf(entitlement(overnight, "HOTEL"), "EU261")).toMatchObject({ owed: true, fromMinutes: 0, article: "Art. 5(1)(b), 9(1)(b)" });
    expect(basisOf(entitlement(overnight, "TRANSPORT"), "EU261")).toMatchObject({ owed: true, fromMinutes: 0, article: "Art. 5(1)(b), 9(1)(c)" });
    expect(basisOf(entitlement(overnight, "MEAL"), "EU261")?.inputs).toMatchObject({ cause });
  });

  it("a cancellation with a new flight the same evening owes meals, not a hotel", () => {
    const sameDay = careOf(factsFor({ from: "CDG", to: "JFK", departs: DEP, next: plus(DEP, 180) }));
    expect(entitlement(sameDay, "MEAL").owed).toBe(true);
    expect(basisOf(entitlement(sameDay, "HOTEL"), "EU261")).toMatchObject({ owed: false, rule: "the new flight leaves the same day: no hotel" });
  });

  it("denied boarding cites Art. 4(3)", () => {
    const pc = careOf(factsFor({ from: "CDG", to: "LIS", departs: DEP, next: "2026-03-11T08:10:00Z", kind: "DENIED_BOARDING" }));
    expect(basisOf(entitlement(pc, "MEAL"), "EU261")).toMatchObject({ owed: true, article: "Art. 4(3), 9(1)(a)", rule: "denied boarding: meals and refreshments at once" });
    expect(basisOf(entitlement(pc, "HOTEL"), "EU261")).toMatchObject({ owed: true, article: "Art. 4(3), 9(1)(b)" });
  });

  it("an unknown next departure is treated as overnight: the hotel is owed, and the rule says why", () => {
    const pc = careOf(factsFor({ from: "CDG", to: "JFK", departs: DEP, next: null }));
    expect(basisOf(entitlement(pc, "HOTEL"), "EU261")).toMatchObject({ owed: true, rule: expect.stringContaining("not known yet") });
    const delayed = careOf(delay("CDG", "LIS", { waitMinutes: null, overnight: null }));
    expect(basisOf(entitlement(delayed, "MEAL"), "EU261")).toMatchObject({ owed: true, fromMinutes: 120 });
    expect(basisOf(entitlement(delayed, "HOTEL"), "EU261")).toMatchObject({ owed: true });
  });
});
