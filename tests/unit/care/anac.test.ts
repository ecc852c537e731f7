import { describe, expect, it } from "vitest";
import type { CareFacts } from "@/lib/care/types";
import { DISRUPTION_CAUSES, type DisruptionCause } from "@/lib/vocabulary";
import { basisOf, careOf, entitlement, factsFor, plus, regimesOf } from "./build";

const DEP = "2026-03-10T17:00:00Z"; // 14:00 in São Paulo

function gruJfk(cause: DisruptionCause, over: Partial<CareFacts>): CareFacts {
  return { ...factsFor({ from: "GRU", to: "JFK", departs: DEP, next: plus(DEP, 60), kind: "DELAY", cause, carrier: "BR" }), overnight: false, ...over };
}

describe("Brazil ANAC Resolution 400 Art. 26–27", () => {
  it("covers departures from Brazil only: GRU→JFK is under ANAC alone; JFK→GRU is not", () => {
    expect(regimesOf(entitlement(careOf(factsFor({ from: "GRU", to: "JFK", departs: DEP, next: null })), "MEAL"))).toEqual(["ANAC", "AIRLINE"]);
    expect(regimesOf(entitlement(careOf(factsFor({ from: "JFK", to: "GRU", departs: DEP, next: null })), "MEAL"))).not.toContain("ANAC");
  });

  it.each(DISRUPTION_CAUSES)("communication from 1 h, food from 2 h, a hotel and transfer from 4 h overnight, whatever the cause (%s)", (cause) => {
    const b = (kind: "MEAL" | "HOTEL" | "TRANSPORT" | "COMMUNICATION", over: Partial<CareFacts>) => basisOf(entitlement(careOf(gruJfk(cause, over)), kind), "ANAC");
    expect(b("COMMUNICATION", { waitMinutes: 59 })).toMatchObject({ owed: false, fromMinutes: 60, article: "Resolution 400 Art. 26, 27(I)" });
    expect(b("COMMUNICATION", { waitMinutes: 60 })).toMatchObject({ owed: true, fromMinutes: 60 });
    expect(b("MEAL", { waitMinutes: 119 })).toMatchObject({ owed: false, fromMinutes: 120, article: "Resolution 400 Art. 26, 27(II)" });
    expect(b("MEAL", { waitMinutes: 120 })).toMatchObject({ owed: true, fromMinutes: 120 });
    expect(b("HOTEL", { waitMinutes: 239, overnight: true })).toMatchObject({ owed: false, fromMinutes: 240, article: "Resolution 400 Art. 26, 27(III)" });
    expect(b("HOTEL", { waitMinutes: 240, overnight: true })).toMatchObject({ owed: true, fromMinutes: 240 });
    expect(b("TRANSPORT", { waitMinutes: 240, overnight: true })).toMatchObject({ owed: true, fromMinutes: 240 });
    expect(b("HOTEL", { waitMinutes: 300, overnight: false })).toMatchObject({ owed: false, rule: expect.stringContaining("same day") });
    expect(b("HOTEL", { waitMinutes: null, overnight: null })).toMatchObject({ owed: true });
  });
});
