import { describe, expect, it } from "vitest";
import { FOLD_FROM, FOLD_TO, foldName, phoneDigits, searchTerms } from "@/lib/cases/passenger-search-terms";

describe("passenger search terms", () => {
  it("folds names: case, Latin diacritics and spacing do not matter", () => {
    expect(foldName("  Jürgen   MÜLLER ")).toBe("jurgen muller");
    expect(foldName("Amélie Øster-Łukasz")).toBe("amelie oster-lukasz");
    expect(foldName("Ṣ李")).toBe("ṣ李");
    // translate() maps character by character: both lists are as long as each other
    expect([...FOLD_FROM]).toHaveLength([...FOLD_TO].length);
  });

  it("reads a phone number as its digits, compared on the last nine", () => {
    expect(phoneDigits("+33 6 12 34 56 78")).toBe("612345678");
    expect(phoneDigits("06.12.34.56.78")).toBe("612345678");
    expect(phoneDigits("(0033) 6-12-34-56-78")).toBe("612345678");
    expect(phoneDigits("12 34 56")).toBe("123456");
    expect(phoneDigits("12345")).toBeNull();
    expect(phoneDigits("AF1234567")).toBeNull();
  });

  it("offers an email fragment only for a text without spaces", () => {
    expect(searchTerms("J.Mueller@Example.com")).toMatchObject({ email: "j.mueller@example.com", reference: "J.MUELLER@EXAMPLE.COM", phone: null });
    expect(searchTerms("jean martin").email).toBeNull();
    expect(searchTerms(" ab12 cd ").reference).toBe("AB12CD");
  });
});
