import { describe, expect, it } from "vitest";
import { decideCare } from "@/lib/care/decide";
import { careSentence, careSummary } from "@/lib/care/words";
import { basisOf, careOf, entitlement, factsFor, passenger, plus, policy, regimesOf } from "./build";

describe("the issue's three cases", () => {
  it("CDG→JFK cancelled at 18:05 local, next flight 09:10 the next day, crew shortage: meals at once, hotel and transfers", () => {
    const f = factsFor({ from: "CDG", to: "JFK", departs: "2026-03-10T17:05:00Z", next: "2026-03-11T08:10:00Z", kind: "CANCELLATION", cause: "CONTROLLABLE", carrier: "FR" });
    expect(f).toMatchObject({ localDepartureHour: 18, overnight: true, waitMinutes: 905, originCountry: "FR", destinationCountry: "US" });
    const pc = careOf(f);
    const meal = entitlement(pc, "MEAL");
    expect(meal).toMatchObject({ owed: true, fromMinutes: 0 });
    expect(meal.basis[0]).toMatchObject({ regime: "EU261", article: "Art. 5(1)(b), 9(1)(a)", owed: true });
    for (const kind of ["HOTEL", "TRANSPORT"] as const) expect(entitlement(pc, kind)).toMatchObject({ owed: true, fromMinutes: 0 });
    expect(entitlement(pc, "HOTEL").basis[0]).toMatchObject({ regime: "EU261", article: "Art. 5(1)(b), 9(1)(b)" });
    expect(entitlement(pc, "TRANSPORT").basis[0]).toMatchObject({ regime: "EU261", article: "Art. 5(1)(b), 9(1)(c)" });
    expect(careSentence(meal)).toBe("meals and refreshments owed now (EU261 Art. 5(1)(b), 9(1)(a): cancellation)");
    expect(careSummary(pc.entitlements)).toContain("hotel and transfers owed (EU261 Art. 5(1)(b), 9(1)(b),(c): the new flight leaves the next day)");
  });

  it("CDG→LIS (about 1,460 km) delayed 2 h 30: meals owed from 120 min under Art. 6(1)(a)", () => {
    const f = factsFor({ from: "CDG", to: "LIS", departs: "2026-03-10T10:00:00Z", next: "2026-03-10T12:30:00Z", kind: "DELAY", cause: "CONTROLLABLE", carrier: "PT" });
    expect(f.distanceKm).toBeGreaterThan(1400);
    expect(f.distanceKm).toBeLessThanOrEqual(1500);
    expect(f.waitMinutes).toBe(150);
    const meal = entitlement(careOf(f), "MEAL");
    expect(meal).toMatchObject({ owed: true, fromMinutes: 120 });
    expect(meal.basis[0].article).toContain("Art. 6(1)(a)");
    expect(careSentence(meal)).toBe("meals and refreshments owed from 2 h (EU261 Art. 6(1)(a)(i), 9(1)(a): flight of 1,500 km or less)");
    expect(entitlement(careOf(f), "HOTEL").owed).toBe(false);
  });

  it("ORD→DEN cancelled for weather, next flight the next morning: no hotel, in the DOT's words and the airline's", () => {
    const f = factsFor({ from: "ORD", to: "DEN", departs: "2026-03-11T01:00:00Z", next: "2026-03-11T14:00:00Z", kind: "CANCELLATION", cause: "UNCONTROLLABLE", carrier: "US" });
    expect(f.overnight).toBe(true);
    const hotel = entitlement(careOf(f), "HOTEL");
    expect(hotel.owed).toBe(false);
    expect(hotel.basis.map((b) => b.rule)).toEqual(["uncontrollable: no hotel owed under the US DOT commitments", "the airline's own policy: none"]);
    expect(careSentence(hotel)).toBe("no hotel owed under the US DOT commitments (uncontrollable); the airline's own policy: none");
    expect(careSummary(careOf(f).entitlements)).toContain("no hotel or transfers owed under the US DOT commitments (uncontrollable); the airline's own policy: none");
  });
});

describe("merging the regimes", () => {
  it("no regime covers SYD→MEL: a NONE basis beside the airline's, nothing owed", () => {
    const pc = careOf(factsFor({ from: "SYD", to: "MEL", departs: "2026-03-10T08:00:00Z", next: "2026-03-11T08:00:00Z", carrier: "AU" }));
    for (const e of pc.entitlements) {
      expect(e.owed).toBe(false);
      expect(regimesOf(e)).toEqual(["NONE", "AIRLINE"]);
    }
    expect(basisOf(entitlement(pc, "MEAL"), "NONE")?.rule).toBe("no passenger-rights regime covers a flight from AU to AU on a carrier of AU");
  });

  it("LHR→CDG on an EU carrier: UK261 and EU261 both owe; every basis is kept", () => {
    const meal = entitlement(careOf(factsFor({ from: "LHR", to: "CDG", departs: "2026-03-10T08:00:00Z", next: "2026-03-10T15:00:00Z", carrier: "FR" })), "MEAL");
    expect(meal.owed).toBe(true);
    expect(regimesOf(meal)).toEqual(["EU261", "UK261", "AIRLINE"]);
    expect(careSentence(meal)).toBe("meals and refreshments owed now (EU261 Art. 5(1)(b), 9(1)(a): cancellation; UK261 Art. 5(1)(b), 9(1)(a): cancellation)");
  });

  it("the earliest minute any regime owes from wins: CDG→YUL delayed, APPR's 2 h before EU261's 4 h", () => {
    const f = factsFor({ from: "CDG", to: "YUL", departs: "2026-03-10T10:00:00Z", next: "2026-03-10T12:30:00Z", kind: "DELAY", cause: "CONTROLLABLE", carrier: "FR" });
    const meal = entitlement(careOf(f), "MEAL");
    expect(meal).toMatchObject({ owed: true, fromMinutes: 120 });
    expect(regimesOf(meal)).toEqual(["APPR", "EU261", "AIRLINE"]);
    expect(basisOf(meal, "EU261")).toMatchObject({ owed: false, fromMinutes: 240 });
  });

  it("JFK→CDG on a French carrier, weather: EU261 owes the hotel, the DOT commitments do not", () => {
    const hotel = entitlement(careOf(factsFor({ from: "JFK", to: "CDG", departs: "2026-03-10T23:00:00Z", next: "2026-03-11T23:00:00Z", cause: "UNCONTROLLABLE", carrier: "FR" })), "HOTEL");
    expect(hotel.owed).toBe(true);
    expect(regimesOf(hotel)).toEqual(["EU261", "US_DOT", "AIRLINE"]);
    expect(basisOf(hotel, "US_DOT")?.owed).toBe(false);
  });
});

describe("the airline's own policy", () => {
  const weather = factsFor({ from: "ORD", to: "DEN", departs: "2026-03-11T01:00:00Z", next: "2026-03-11T14:00:00Z", cause: "UNCONTROLLABLE", carrier: "US" });

  it("owes what no regime owes: a hotel overnight and meals after its own threshold", () => {
    const pc = careOf(weather, passenger({ airlineCare: policy({ hotelWhenOvernight: true, mealAfterMinutes: 90 }) }));
    expect(entitlement(pc, "HOTEL")).toMatchObject({ owed: true, fromMinutes: 0 });
    expect(entitlement(pc, "HOTEL").basis[0]).toMatchObject({ regime: "AIRLINE", rule: "the airline's own policy: a hotel and transfers for an overnight wait" });
    expect(careSummary(pc.entitlements)).toContain("hotel and transfers owed (the airline's own policy: a hotel and transfers for an overnight wait)");
    expect(regimesOf(entitlement(pc, "HOTEL"))).toEqual(["AIRLINE", "US_DOT"]);
    expect(entitlement(pc, "MEAL")).toMatchObject({ owed: true, fromMinutes: 90 });
    expect(careSentence(entitlement(pc, "MEAL"))).toBe("meals and refreshments owed from 1 h 30 (the airline's own policy: meals once the wait reaches 90 min)");
  });

  it("an earlier fromMinutes than the regime's wins", () => {
    const f = factsFor({ from: "ORD", to: "DEN", departs: "2026-03-10T15:00:00Z", next: "2026-03-10T19:00:00Z", cause: "CONTROLLABLE", carrier: "US" });
    expect(entitlement(careOf(f), "MEAL")).toMatchObject({ owed: true, fromMinutes: 180 });
    const pc = careOf(f, passenger({ airlineCare: policy({ mealAfterMinutes: 60 }) }));
    expect(entitlement(pc, "MEAL")).toMatchObject({ owed: true, fromMinutes: 60 });
    expect(regimesOf(entitlement(pc, "MEAL"))).toEqual(["US_DOT", "AIRLINE"]);
  });

  it("is per passenger: a tier's policy reaches only the passengers it matched", () => {
    const [gold, plain] = decideCare(weather, [passenger({ passengerId: "P1", tier: "BUSINESS", airlineCare: policy({ hotelWhenOvernight: true }) }), passenger({ passengerId: "P2" })]);
    expect(entitlement(gold, "HOTEL").owed).toBe(true);
    expect(entitlement(plain, "HOTEL").owed).toBe(false);
  });
});

describe("priority (EU261 Art. 11)", () => {
  it.each([
    [["WHEELCHAIR"], true],
    [["UNACCOMPANIED_MINOR"], true],
    [["MEDICAL"], true],
    [[], false],
  ] as const)("special needs %j: priority %s", (needs, priority) => {
    const f = factsFor({ from: "CDG", to: "JFK", departs: "2026-03-10T17:05:00Z", next: plus("2026-03-10T17:05:00Z", 900) });
    expect(careOf(f, passenger({ specialNeeds: [...needs] })).priority).toBe(priority);
  });
});
