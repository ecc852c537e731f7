import { describe, expect, it } from "vitest";
import type { CareFacts } from "@/lib/care/types";
import type { DisruptionCause } from "@/lib/vocabulary";
import { basisOf, careOf, entitlement, factsFor, plus, regimesOf } from "./build";

const DEP = "2026-03-10T17:05:00Z";

function cdgYul(cause: DisruptionCause, over: Partial<CareFacts> = {}, announcedAt?: string): CareFacts {
  return { ...factsFor({ from: "CDG", to: "YUL", departs: DEP, next: plus(DEP, 60), kind: "DELAY", cause, carrier: "FR", announcedAt }), overnight: false, ...over };
}

describe("Canada APPR s.14", () => {
  it("covers departures from and arrivals in Canada; CDG→YUL on an EU carrier is under EU261 and the APPR", () => {
    expect(regimesOf(entitlement(careOf(cdgYul("CONTROLLABLE")), "MEAL")).sort()).toEqual(["AIRLINE", "APPR", "EU261"]);
    const yyz = careOf(factsFor({ from: "YYZ", to: "CDG", departs: DEP, next: null, carrier: "CA" }));
    expect(regimesOf(entitlement(yyz, "MEAL"))).toContain("APPR");
    expect(regimesOf(entitlement(yyz, "MEAL"))).not.toContain("EU261");
    const domesticUs = careOf(factsFor({ from: "ORD", to: "DEN", departs: DEP, next: null }));
    expect(regimesOf(entitlement(domesticUs, "MEAL"))).not.toContain("APPR");
  });

  it.each(["CONTROLLABLE", "SAFETY", "UNKNOWN"] as const)("within the carrier's control (%s): food, drink and communication from 2 h; hotel and transport overnight", (cause) => {
    const at = (over: Partial<CareFacts>) => careOf(cdgYul(cause, over));
    expect(basisOf(entitlement(at({ waitMinutes: 119 }), "MEAL"), "APPR")).toMatchObject({ owed: false, fromMinutes: 120, article: "s.14(1)(a)" });
    expect(basisOf(entitlement(at({ waitMinutes: 120 }), "MEAL"), "APPR")).toMatchObject({ owed: true, fromMinutes: 120, article: "s.14(1)(a)" });
    expect(basisOf(entitlement(at({ waitMinutes: 119 }), "COMMUNICATION"), "APPR")).toMatchObject({ owed: false, article: "s.14(1)(b)" });
    expect(basisOf(entitlement(at({ waitMinutes: 120 }), "COMMUNICATION"), "APPR")).toMatchObject({ owed: true, fromMinutes: 120, article: "s.14(1)(b)" });
    expect(basisOf(entitlement(at({ waitMinutes: 900, overnight: true }), "HOTEL"), "APPR")).toMatchObject({ owed: true, article: "s.14(2)" });
    expect(basisOf(entitlement(at({ waitMinutes: 900, overnight: true }), "TRANSPORT"), "APPR")).toMatchObject({ owed: true, article: "s.14(2)" });
    expect(basisOf(entitlement(at({ waitMinutes: 300, overnight: false }), "HOTEL"), "APPR")).toMatchObject({ owed: false });
    expect(basisOf(entitlement(at({ waitMinutes: null, overnight: null }), "HOTEL"), "APPR")).toMatchObject({ owed: true, rule: expect.stringContaining("not known yet") });
    expect(basisOf(entitlement(at({ waitMinutes: null, overnight: null }), "MEAL"), "APPR")).toMatchObject({ owed: true });
  });

  it("outside the carrier's control: the APPR covers the flight but owes no care under s.14, and says so", () => {
    const pc = careOf(cdgYul("UNCONTROLLABLE", { waitMinutes: 900, overnight: true }));
    for (const kind of ["MEAL", "HOTEL", "TRANSPORT", "COMMUNICATION"] as const) {
      expect(basisOf(entitlement(pc, kind), "APPR")).toMatchObject({ owed: false, rule: expect.stringMatching(/^outside the carrier's control: no .+ owed under s\.14$/) });
    }
    // EU261 still owes on the same flight: the most generous wins, every basis kept, the owing first
    const hotel = entitlement(pc, "HOTEL");
    expect(hotel.owed).toBe(true);
    expect(regimesOf(hotel)).toEqual(["EU261", "APPR", "AIRLINE"]);
  });

  it("a passenger told 12 h or more before departure is owed no s.14 care; less than 12 h, or not said: owed", () => {
    const told = (hoursBefore: number) => careOf(cdgYul("CONTROLLABLE", { waitMinutes: 900, overnight: true }, plus(DEP, -hoursBefore * 60)));
    expect(basisOf(entitlement(told(12), "MEAL"), "APPR")).toMatchObject({ owed: false, rule: expect.stringContaining("12 h or more") });
    expect(basisOf(entitlement(told(12), "HOTEL"), "APPR")).toMatchObject({ owed: false });
    expect(basisOf(entitlement(told(11), "MEAL"), "APPR")).toMatchObject({ owed: true });
    expect(basisOf(entitlement(careOf(cdgYul("CONTROLLABLE", { waitMinutes: 900 })), "MEAL"), "APPR")).toMatchObject({ owed: true });
  });
});
