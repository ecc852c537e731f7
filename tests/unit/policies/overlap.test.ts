import { describe, expect, it } from "vitest";
import { overlapsOf } from "@/components/policies/overlap";
import { policiesReturnTo } from "@/components/policies/return-to";

const cdgEconomy = { urn: "urn:svc:policy:a", name: "CDG economy", version: 2, context: { airport: "CDG", airline: null, country: null }, tiers: ["ECONOMY", "PREMIUM_ECONOMY"] };
const global = { urn: "urn:svc:policy:b", name: "Global", version: 1, context: { airport: null, airline: null, country: null }, tiers: ["ECONOMY"] };

describe("the new-policy form's overlap check", () => {
  it("finds the active policy of the same context and says when it is the same tier set", () => {
    const [same] = overlapsOf({ context: { airport: "cdg" }, tiers: ["PREMIUM_ECONOMY", "ECONOMY"] }, [cdgEconomy, global]);
    expect(same).toMatchObject({ urn: cdgEconomy.urn, sameTiers: true });
  });

  it("reports a partial tier overlap in the same context", () => {
    expect(overlapsOf({ context: { airport: "CDG" }, tiers: ["ECONOMY", "CREW"] }, [cdgEconomy])).toMatchObject([{ sameTiers: false, sharedTiers: ["ECONOMY"] }]);
  });

  it("ignores other contexts and disjoint tiers; an empty field only matches an empty one", () => {
    expect(overlapsOf({ context: { airport: "CDG", airline: "AF" }, tiers: ["ECONOMY"] }, [cdgEconomy])).toEqual([]);
    expect(overlapsOf({ context: { airport: "CDG" }, tiers: ["CREW"] }, [cdgEconomy])).toEqual([]);
    expect(overlapsOf({ context: {}, tiers: ["ECONOMY"] }, [cdgEconomy, global]).map((o) => o.urn)).toEqual([global.urn]);
    expect(overlapsOf({ context: { airport: "CDG" }, tiers: [] }, [cdgEconomy])).toEqual([]);
  });
});

describe("returning to the policies list", () => {
  it("keeps the list's status and airport filters, and nothing else", () => {
    expect(policiesReturnTo({ airport: "LYS", status: "DRAFT", evil: "x" })).toBe("/policies?status=DRAFT&airport=LYS");
    expect(policiesReturnTo({})).toBe("/policies");
    expect(policiesReturnTo({ airport: "//evil.example" })).toBe("/policies");
  });
});
