import { describe, expect, it } from "vitest";
import type { CareBasis, Entitlement } from "@/lib/care/types";
import { careSentence, careSummary, mergeArticles } from "@/lib/care/words";
import { careOf, entitlement, factsFor, plus } from "./build";

const basis = (over: Partial<CareBasis>): CareBasis => ({ regime: "EU261", article: "Art. 5(1)(b), 9(1)(b)", rule: "the new flight leaves the next day: hotel accommodation for the night", owed: true, fromMinutes: 0, inputs: {}, ...over });
const ent = (kind: Entitlement["kind"], basisList: CareBasis[]): Entitlement => {
  const owing = basisList.filter((b) => b.owed);
  const from = owing.map((b) => b.fromMinutes ?? 0);
  return { kind, owed: owing.length > 0, ...(from.length ? { fromMinutes: Math.min(...from) } : {}), basis: [...owing, ...basisList.filter((b) => !b.owed)] };
};
const airlineNone = basis({ regime: "AIRLINE", article: "care policy", rule: "the airline's own policy: none", owed: false, fromMinutes: undefined });

describe("careSentence", () => {
  it("cites the owing regimes that give the earliest minute, with the rule's reason", () => {
    expect(careSentence(ent("MEAL", [basis({ article: "Art. 5(1)(b), 9(1)(a)", rule: "cancellation: meals and refreshments at once" }), airlineNone]))).toBe(
      "meals and refreshments owed now (EU261 Art. 5(1)(b), 9(1)(a): cancellation)",
    );
    expect(careSentence(ent("HOTEL", [basis({}), airlineNone]))).toBe("hotel owed (EU261 Art. 5(1)(b), 9(1)(b): the new flight leaves the next day)");
    const later = basis({ regime: "APPR", article: "s.14(1)(b)", rule: "within the carrier's control, a wait of 2 h or more: access to a means of communication", fromMinutes: 120 });
    expect(careSentence(ent("COMMUNICATION", [later]))).toBe("means of communication owed from 2 h (APPR s.14(1)(b): within the carrier's control, a wait of 2 h or more)");
    // a regime owing later than the earliest is not the reason it is owed now
    expect(careSentence(ent("COMMUNICATION", [later, basis({ article: "Art. 5(1)(b), 9(2)", rule: "cancellation: two calls, messages or emails at once" })]))).toBe(
      "means of communication owed now (EU261 Art. 5(1)(b), 9(2): cancellation)",
    );
  });

  it("says what nobody owes, regime by regime, quoting the airline and NONE whole", () => {
    const none = basis({ regime: "NONE", article: "", rule: "no passenger-rights regime covers a flight from AU to AU", owed: false, fromMinutes: undefined });
    expect(careSentence(ent("MEAL", [none, airlineNone]))).toBe("no passenger-rights regime covers a flight from AU to AU; the airline's own policy: none");
    const appr = basis({ regime: "APPR", article: "s.10, 14(2)", rule: "outside the carrier's control: no hotel owed under s.14", owed: false });
    expect(careSentence(ent("HOTEL", [appr]))).toBe("no hotel owed under the APPR (outside the carrier's control)");
    expect(careSentence({ kind: "TRANSPORT", owed: false, basis: [] })).toBe("no transfers owed");
  });
});

describe("careSummary", () => {
  it("one line per kind, hotel and transfers in one when the same regimes decide both alike", () => {
    const pc = careOf(factsFor({ from: "CDG", to: "JFK", departs: "2026-03-10T17:05:00Z", next: "2026-03-11T08:10:00Z", cause: "CONTROLLABLE", carrier: "FR" }));
    expect(careSummary(pc.entitlements)).toEqual([
      "meals and refreshments owed now (EU261 Art. 5(1)(b), 9(1)(a): cancellation)",
      "hotel and transfers owed (EU261 Art. 5(1)(b), 9(1)(b),(c): the new flight leaves the next day)",
      "means of communication owed now (EU261 Art. 5(1)(b), 9(2): cancellation)",
    ]);
  });

  it("a delay's hotel line keeps its distance band and its hour", () => {
    const f = { ...factsFor({ from: "CDG", to: "JFK", departs: "2026-03-10T17:05:00Z", next: plus("2026-03-10T17:05:00Z", 900), kind: "DELAY" }) };
    expect(careSummary(careOf(f).entitlements)).toContain("hotel and transfers owed from 4 h (EU261 Art. 6(1)(c)(ii), 9(1)(b),(c): the new flight leaves the next day)");
  });

  it("two lines when hotel and transfers are decided differently", () => {
    const hotel = ent("HOTEL", [basis({}), airlineNone]);
    const transport = ent("TRANSPORT", [basis({ article: "Art. 5(1)(b), 9(1)(c)", rule: "the new flight leaves the same day: no transfer", owed: false }), airlineNone]);
    expect(careSummary([hotel, transport])).toEqual([
      "hotel owed (EU261 Art. 5(1)(b), 9(1)(b): the new flight leaves the next day)",
      "no transfers owed under EU261 (the new flight leaves the same day); the airline's own policy: none",
    ]);
  });

  it("a hotel and transfers under two regimes: one line citing both", () => {
    const pc = careOf(factsFor({ from: "CDG", to: "YUL", departs: "2026-03-10T17:05:00Z", next: "2026-03-11T16:00:00Z", cause: "CONTROLLABLE", carrier: "FR" }));
    expect(careSummary(pc.entitlements)[1]).toBe(
      "hotel and transfers owed (EU261 Art. 5(1)(b), 9(1)(b),(c): the new flight leaves the next day; APPR s.14(2): within the carrier's control, the new flight leaves the next day)",
    );
    expect(entitlement(pc, "HOTEL").owed).toBe(true);
  });
});

describe("mergeArticles", () => {
  it.each([
    ["Art. 5(1)(b), 9(1)(b)", "Art. 5(1)(b), 9(1)(c)", "Art. 5(1)(b), 9(1)(b),(c)"],
    ["s.14(2)", "s.14(2)", "s.14(2)"],
    ["Art. 6(1)(a)(ii), 9(1)(b)", "Art. 6(1)(a)(ii), 9(1)(c)", "Art. 6(1)(a)(ii), 9(1)(b),(c)"],
    ["para 1", "para 2", "para 1; para 2"],
  ])("%s + %s → %s", (a, b, merged) => {
    expect(mergeArticles(a, b)).toBe(merged);
  });
});
