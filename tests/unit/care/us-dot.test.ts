import { describe, expect, it } from "vitest";
import type { CareFacts } from "@/lib/care/types";
import type { DisruptionCause } from "@/lib/vocabulary";
import { basisOf, careOf, entitlement, factsFor, plus, regimesOf } from "./build";

const DEP = "2026-03-10T23:00:00Z"; // 18:00 in Chicago

function ordDen(cause: DisruptionCause, over: Partial<CareFacts> = {}): CareFacts {
  return { ...factsFor({ from: "ORD", to: "DEN", departs: DEP, next: plus(DEP, 60), cause }), overnight: false, ...over };
}

describe("US DOT customer service commitments", () => {
  it("cover departures from the US: JFK→CDG on a French carrier is under EU261 and the DOT commitments; CDG→JFK only EU261", () => {
    expect(regimesOf(entitlement(careOf(factsFor({ from: "JFK", to: "CDG", departs: DEP, next: null, carrier: "FR" })), "HOTEL")).sort()).toEqual(["AIRLINE", "EU261", "US_DOT"]);
    expect(regimesOf(entitlement(careOf(factsFor({ from: "CDG", to: "JFK", departs: DEP, next: null, carrier: "US" })), "HOTEL"))).not.toContain("US_DOT");
  });

  it.each(["CONTROLLABLE", "UNKNOWN"] as const)("controllable (%s): a meal once the wait reaches 3 h; hotel and ground transport overnight", (cause) => {
    const at = (over: Partial<CareFacts>) => careOf(ordDen(cause, over));
    expect(basisOf(entitlement(at({ waitMinutes: 179 }), "MEAL"), "US_DOT")).toMatchObject({ owed: false, fromMinutes: 180 });
    expect(basisOf(entitlement(at({ waitMinutes: 180 }), "MEAL"), "US_DOT")).toMatchObject({ owed: true, fromMinutes: 180, article: "DOT customer service dashboard commitments" });
    expect(basisOf(entitlement(at({ waitMinutes: 900, overnight: true }), "HOTEL"), "US_DOT")).toMatchObject({ owed: true });
    expect(basisOf(entitlement(at({ waitMinutes: 900, overnight: true }), "TRANSPORT"), "US_DOT")).toMatchObject({ owed: true });
    expect(basisOf(entitlement(at({ waitMinutes: 300, overnight: false }), "HOTEL"), "US_DOT")).toMatchObject({ owed: false });
    expect(basisOf(entitlement(at({ waitMinutes: null, overnight: null }), "HOTEL"), "US_DOT")).toMatchObject({ owed: true });
    // the commitments say nothing about means of communication
    expect(basisOf(entitlement(at({ waitMinutes: 900 }), "COMMUNICATION"), "US_DOT")).toBeUndefined();
  });

  it.each([
    ["UNCONTROLLABLE", "uncontrollable"],
    ["SAFETY", "safety"],
  ] as const)("%s: no meal, hotel or ground transport owed, in words", (cause, why) => {
    const pc = careOf(ordDen(cause, { waitMinutes: 900, overnight: true }));
    expect(basisOf(entitlement(pc, "MEAL"), "US_DOT")).toMatchObject({ owed: false, rule: `${why}: no meal owed under the US DOT commitments` });
    expect(basisOf(entitlement(pc, "HOTEL"), "US_DOT")).toMatchObject({ owed: false, rule: `${why}: no hotel owed under the US DOT commitments` });
    expect(basisOf(entitlement(pc, "TRANSPORT"), "US_DOT")).toMatchObject({ owed: false, rule: `${why}: no ground transport owed under the US DOT commitments` });
    expect(entitlement(pc, "HOTEL").owed).toBe(false);
  });
});
