import { describe, expect, it } from "vitest";
import { basisLabel } from "@/lib/care/owed-lines";
import { careSentence, REGIME_NAMES } from "@/lib/care/words";
import type { CareBasis, Entitlement } from "@/lib/care/types";

const basis = (regime: CareBasis["regime"], article: string): CareBasis => ({ regime, article, rule: "overnight: a hotel", owed: true, inputs: {} });

describe("one table of regime names for the case page and the passenger's words", () => {
  it("cites a basis the same way on the passenger page and the case page, the instrument named once", () => {
    const cases: [CareBasis, string][] = [
      [basis("EU261", "Art. 5(1)(b), 9(1)(b)"), "EU261 Art. 5(1)(b), 9(1)(b)"],
      [basis("US_DOT", "DOT customer service dashboard commitments"), "US DOT customer service dashboard commitments"],
      [basis("ANAC", "Resolution 400 Art. 26, 27(c)"), "ANAC Resolution 400 Art. 26, 27(c)"],
      [basis("DGCA", "CAR Section 3 Series M Part IV, 3.6"), "DGCA CAR Section 3 Series M Part IV, 3.6"],
    ];
    for (const [b, cited] of cases) {
      expect(basisLabel(b, "en")).toBe(cited);
      const e: Entitlement = { kind: "HOTEL", owed: true, basis: [b] };
      expect(careSentence(e)).toContain(`(${cited}: overnight)`);
    }
    expect(REGIME_NAMES.US_DOT).toBe("the US DOT commitments");
  });
});
