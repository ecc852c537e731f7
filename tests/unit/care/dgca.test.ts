import { describe, expect, it } from "vitest";
import type { CareFacts } from "@/lib/care/types";
import { DISRUPTION_CAUSES } from "@/lib/vocabulary";
import { basisOf, careOf, entitlement, factsFor, plus, regimesOf, type Iata } from "./build";

const EVENING = "2026-03-10T16:35:00Z"; // 22:05 in Delhi
const MORNING = "2026-03-10T04:35:00Z"; // 10:05 in Delhi

function fromDelhi(to: Iata, departs: string, over: Partial<CareFacts> = {}, kind: "DELAY" | "CANCELLATION" = "DELAY"): CareFacts {
  return { ...factsFor({ from: "DEL", to, departs, next: plus(departs, 60), kind, cause: "UNCONTROLLABLE", carrier: "IN" }), ...over };
}
const meal = (f: CareFacts) => basisOf(entitlement(careOf(f), "MEAL"), "DGCA");
const hotel = (f: CareFacts) => basisOf(entitlement(careOf(f), "HOTEL"), "DGCA");

describe("India DGCA CAR Section 3 Series M Part IV", () => {
  it("covers departures from India, with the block time estimated from the distance", () => {
    const f = fromDelhi("BOM", MORNING);
    expect(f.blockMinutes).toBe(Math.round((f.distanceKm / 800) * 60 + 30));
    expect(regimesOf(entitlement(careOf(f), "MEAL"))).toEqual(["DGCA", "AIRLINE"]);
    expect(regimesOf(entitlement(careOf(factsFor({ from: "CDG", to: "DEL", departs: MORNING, next: null, carrier: "IN" })), "MEAL"))).not.toContain("DGCA");
  });

  it.each([
    { to: "BOM", minutes: 120, why: "DEL→BOM, block about 1 h 55" },
    { to: "MAA", minutes: 180, why: "DEL→MAA, block about 2 h 42" },
    { to: "CDG", minutes: 240, why: "DEL→CDG, block about 8 h 42" },
  ] as const)("meals from $minutes min ($why)", ({ to, minutes }) => {
    expect(meal(fromDelhi(to, MORNING, { waitMinutes: minutes - 1 }))).toMatchObject({ owed: false, fromMinutes: minutes });
    expect(meal(fromDelhi(to, MORNING, { waitMinutes: minutes }))).toMatchObject({ owed: true, fromMinutes: minutes, article: "CAR Section 3 Series M Part IV, para 3.8.1" });
  });

  it.each([
    { block: 150, minutes: 120 },
    { block: 151, minutes: 180 },
    { block: 300, minutes: 180 },
    { block: 301, minutes: 240 },
  ])("block time $block min: meals from $minutes min", ({ block, minutes }) => {
    expect(meal(fromDelhi("BOM", MORNING, { blockMinutes: block, waitMinutes: minutes - 1 }))?.owed).toBe(false);
    expect(meal(fromDelhi("BOM", MORNING, { blockMinutes: block, waitMinutes: minutes }))?.owed).toBe(true);
  });

  it("a hotel after more than 24 h, or more than 6 h for a departure between 20:00 and 03:00 local", () => {
    expect(hotel(fromDelhi("BOM", MORNING, { waitMinutes: 1440 }))).toMatchObject({ owed: false, fromMinutes: 1440 });
    expect(hotel(fromDelhi("BOM", MORNING, { waitMinutes: 1441 }))).toMatchObject({ owed: true, fromMinutes: 1440 });
    expect(hotel(fromDelhi("BOM", MORNING, { waitMinutes: 900 }))?.owed).toBe(false);
    expect(hotel(fromDelhi("BOM", EVENING, { waitMinutes: 360 }))).toMatchObject({ owed: false, fromMinutes: 360 });
    expect(hotel(fromDelhi("BOM", EVENING, { waitMinutes: 361 }))).toMatchObject({ owed: true, fromMinutes: 360 });
    expect(basisOf(entitlement(careOf(fromDelhi("BOM", EVENING, { waitMinutes: 361 })), "TRANSPORT"), "DGCA")).toMatchObject({ owed: true });
    expect(fromDelhi("BOM", EVENING).localDepartureHour).toBe(22);
  });

  it.each([
    { hour: 19, minutes: 1440 },
    { hour: 20, minutes: 360 },
    { hour: 2, minutes: 360 },
    { hour: 3, minutes: 1440 },
  ])("departure hour $hour: a hotel after more than $minutes min", ({ hour, minutes }) => {
    expect(hotel(fromDelhi("BOM", MORNING, { localDepartureHour: hour, waitMinutes: minutes }))?.owed).toBe(false);
    expect(hotel(fromDelhi("BOM", MORNING, { localDepartureHour: hour, waitMinutes: minutes + 1 }))?.owed).toBe(true);
  });

  it.each(DISRUPTION_CAUSES)("a cancellation applies the same tests to the wait for the new flight, whatever the cause (%s)", (cause) => {
    const f = (wait: number) => ({ ...fromDelhi("BOM", EVENING, { waitMinutes: wait }, "CANCELLATION"), disruption: { kind: "CANCELLATION" as const, cause } });
    expect(meal(f(119))?.owed).toBe(false);
    expect(meal(f(120))).toMatchObject({ owed: true, article: expect.stringContaining("applied to the wait") });
    expect(hotel(f(361))?.owed).toBe(true);
  });

  it("an unknown wait is treated as long: meals and hotel owed", () => {
    expect(meal(fromDelhi("BOM", MORNING, { waitMinutes: null, overnight: null }))?.owed).toBe(true);
    expect(hotel(fromDelhi("BOM", MORNING, { waitMinutes: null, overnight: null }))?.owed).toBe(true);
  });
});
