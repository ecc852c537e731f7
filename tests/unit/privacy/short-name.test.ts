import { describe, expect, it } from "vitest";
import { shortName } from "@/lib/privacy/short-name";

describe("shortName", () => {
  it("is the first name and the last name's initial, as every short list prints a passenger", () => {
    expect(shortName("Marie", "dubois")).toBe("Marie D.");
    expect(shortName(" Amélie ", " Martin")).toBe("Amélie M.");
    expect(shortName("Marie", null)).toBe("Marie");
    expect(shortName(null, "Dubois")).toBe("D.");
    expect(shortName(null, null)).toBeNull();
    expect(shortName("", "  ")).toBeNull();
  });
});
