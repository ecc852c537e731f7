import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { contextKeyOf } from "@/lib/policies/context-key";
import { looksLikeCardNumber } from "@/lib/payments/card-number";
import { CardToken, PolicyInput, TIERS } from "@/lib/policies/schemas";
import { canTransition, POLICY_TRANSITIONS } from "@/lib/policies/transitions";

describe("cardToken", () => {
  it("refuses any value with 13+ digits in a row, whatever spaces and dashes separate them", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 13, maxLength: 19 }),
        fc.array(fc.constantFrom("", " ", "-"), { minLength: 19, maxLength: 19 }),
        fc.string({ maxLength: 5 }),
        (digits, seps, prefix) => {
          const pan = prefix.replace(/[\d\s-]/g, "") + digits.map((d, i) => `${d}${seps[i]}`).join("");
          expect(looksLikeCardNumber(pan)).toBe(true);
          expect(CardToken.safeParse(pan).success).toBe(false);
        },
      ),
    );
  });

  it("accepts PSP tokens", () => {
    for (const t of ["tok_1NqLxY2eZvKYlo2C", "pm_1MqLiJLkdIwHu7ixUEgbFdYF", "pm_card_visa", "tok_visa"]) expect(CardToken.parse(t)).toBe(t);
  });
});

describe("contextKeyOf", () => {
  it("is the same for every order of one tier set, and differs between tier sets", () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.constantFrom(...TIERS), { minLength: 1 }), (tiers) => {
        const ctx = { airport: "CDG", airline: null, country: null };
        expect(contextKeyOf({ ...ctx, tiers: [...tiers].reverse() })).toBe(contextKeyOf({ ...ctx, tiers }));
        if (tiers.length > 1) expect(contextKeyOf({ ...ctx, tiers: tiers.slice(1) })).not.toBe(contextKeyOf({ ...ctx, tiers }));
      }),
    );
  });
});

describe("policy transitions", () => {
  it("activates DRAFT and ARCHIVED, never ACTIVE; archives only ACTIVE", () => {
    expect(["DRAFT", "ACTIVE", "ARCHIVED"].filter((s) => canTransition("activate", s))).toEqual(["DRAFT", "ARCHIVED"]);
    expect(["DRAFT", "ACTIVE", "ARCHIVED"].filter((s) => canTransition("archive", s))).toEqual(["ACTIVE"]);
    expect(POLICY_TRANSITIONS.activate.to).toBe("ACTIVE");
  });
});

describe("PolicyInput", () => {
  it("fills every default from a minimal payload", () => {
    const p = PolicyInput.parse({ name: "x", tiers: ["CREW"] });
    expect(p).toMatchObject({ context: {}, constraints: { minStars: 3 }, mode: "ON_DEMAND", maxAutomaticRoomsPerWave: 50, transport: { mode: "SHUTTLE" } });
  });

  it("refuses out-of-range stars and weights", () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer({ max: 0 }), fc.integer({ min: 6 })), (stars) => {
        expect(PolicyInput.safeParse({ name: "x", tiers: ["CREW"], constraints: { minStars: stars } }).success).toBe(false);
      }),
    );
    fc.assert(
      fc.property(fc.oneof(fc.double({ max: -0.0001, noNaN: true }), fc.double({ min: 1.0001, noNaN: true })), (w) => {
        expect(PolicyInput.safeParse({ name: "x", tiers: ["CREW"], consolidationWeight: w }).success).toBe(false);
        expect(PolicyInput.safeParse({ name: "x", tiers: ["CREW"], allocationWeights: { cost: w } }).success).toBe(false);
      }),
    );
  });
});
