import { describe, expect, it } from "vitest";
import { scopeWords } from "@/lib/users/scope-words";

describe("what an account acts on, in words", () => {
  it("a hotel user's scope is their hotel, not 'all airports' (their airports claim is *)", () => {
    expect(scopeWords({ roles: ["HOTEL"], airports: ["*"], hotels: [{ name: "Hôtel du Terminal", airport: "CDG" }] })).toBe("Hôtel du Terminal (CDG) only");
    expect(scopeWords({ roles: ["HOTEL"], airports: ["*"], hotels: [{ name: "A", airport: "CDG" }, { name: "B", airport: "ORY" }] })).toBe("2 hotels: A (CDG), B (ORY)");
    expect(scopeWords({ roles: ["HOTEL"], airports: ["*"], hotels: [] })).toBe("no hotel yet");
  });

  it("the airline's people by their airports", () => {
    expect(scopeWords({ roles: ["OPS_SUPERVISOR"], airports: ["*"] })).toBe("all airports");
    expect(scopeWords({ roles: ["AIRPORT_OPERATOR"], airports: ["CDG", "ORY"] })).toBe("CDG, ORY");
  });
});
