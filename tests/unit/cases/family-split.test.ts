import { describe, expect, it } from "vitest";
import { familiesSplit, familyWarning, passengerName, type SplitGroup, splitParts } from "@/components/cases/family-split";
import { roomsASplitAdds } from "@/lib/cases/rooms";

const p = (id: string, lastName: string | null, firstName: string | null = "A", tier = "ECONOMY") => ({ id, firstName, lastName, tier, specialNeeds: [] });

const group: SplitGroup = {
  groupId: "AB12CD",
  pnr: "AB12CD",
  passengers: [p("AF1234-014", "MARTIN", "Anne"), p("AF1234-015", "Martin", "Paul"), p("AF1234-016", "MARTIN", "Léa", "BUSINESS"), p("AF1234-017", "DE LA CRUZ"), p("AF1234-018", null, null)],
};

describe("the split form's family warning and parts", () => {
  it("a last name on both sides of the split is a family split, case-insensitively, in words", () => {
    const families = familiesSplit(group.passengers, new Set(["AF1234-016"]));
    expect(families).toEqual([{ family: "Martin", stay: 2, move: 1 }]);
    expect(familyWarning(families[0])).toBe("Martin family: 2 stay, 1 moves");
    expect(familyWarning({ family: "Martin", stay: 1, move: 2 })).toBe("Martin family: 1 stays, 2 move");
  });

  it("moving a whole family, or someone without a name, warns of nothing", () => {
    expect(familiesSplit(group.passengers, new Set(["AF1234-014", "AF1234-015", "AF1234-016"]))).toEqual([]);
    expect(familiesSplit(group.passengers, new Set(["AF1234-018"]))).toEqual([]);
    expect(familiesSplit(group.passengers, new Set(["AF1234-017"]))).toEqual([]);
  });

  it("names an all-caps family in title case, and a passenger without a name by id", () => {
    expect(familiesSplit([p("1", "DE LA CRUZ"), p("2", "de la cruz")], new Set(["2"]))[0].family).toBe("De La Cruz");
    expect(passengerName(group.passengers[0])).toBe("MARTIN Anne");
    expect(passengerName(group.passengers[4])).toBe("Passenger AF1234-018 (no name on file)");
  });

  it("maps the ticked names to the API's parts: those who stay first (they keep the group id)", () => {
    expect(splitParts(group, new Set(["AF1234-016"]))).toEqual([["AF1234-014", "AF1234-015", "AF1234-017", "AF1234-018"], ["AF1234-016"]]);
  });
});

describe("the rooms a split adds (the dialog asks for them)", () => {
  it("counts one room per two passengers per part, crew one each, less the group's", () => {
    // a couple in one room, split into two singles: one room more
    expect(roomsASplitAdds([["ECONOMY"], ["BUSINESS"]])).toBe(1);
    // four in two rooms, split two and two: none more
    expect(roomsASplitAdds([["ECONOMY", "ECONOMY"], ["ECONOMY", "ECONOMY"]])).toBe(0);
    // three (two rooms) split one and two: still two rooms
    expect(roomsASplitAdds([["ECONOMY"], ["ECONOMY", "ECONOMY"]])).toBe(0);
    // crew already had a room each
    expect(roomsASplitAdds([["CREW"], ["CREW"]])).toBe(0);
  });
});
