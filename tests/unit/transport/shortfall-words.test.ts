import { describe, expect, it } from "vitest";
import { MAX_LISTED_RIDES, MORE_RIDES, shortfallHead, withRide } from "@/lib/transport/shortfall/words";

describe("the fleet shortfall's review item text", () => {
  it("lists each ride once, at most MAX_LISTED_RIDES of them, then says once that more were refused", () => {
    let rides = "";
    for (let i = 0; i < MAX_LISTED_RIDES + 5; i++) rides = withRide(rides, `seg-${i}:`, `ride seg-${i}:`);
    const lines = rides.split("\n");
    expect(lines).toHaveLength(MAX_LISTED_RIDES + 1);
    expect(lines.at(-1)).toBe(MORE_RIDES);
    expect(lines[0]).toBe("ride seg-0:");
    expect(withRide(rides, "seg-999:", "ride seg-999:")).toBe(rides);
    expect(withRide("ride seg-1:", "seg-1:", "ride seg-1: again")).toBe("ride seg-1:");
  });

  it("heads with the numbers, by type and by case, and what the fleet was asked and granted", () => {
    const head = shortfallHead({
      airport: "CDG",
      night: "2026-11-21",
      figures: {
        rides: 14,
        seats: 52,
        byType: [
          { vehicleType: "SHUTTLE", rides: 12, seats: 48 },
          { vehicleType: "WHEELCHAIR_VAN", rides: 2, seats: 4 },
        ],
        byCase: [
          { caseUrn: "urn:svc:case:a", rides: 9, seats: 30 },
          { caseUrn: "urn:svc:case:b", rides: 5, seats: 22 },
        ],
        taxi: { rides: 1, vouchers: 3 },
      },
      asks: [
        { vehicleType: "SHUTTLE", asked: 12, granted: 4, from: "2026-11-21T19:00:00.000Z", until: "2026-11-22T08:00:00.000Z", at: "2026-11-21T18:40:00.000Z", message: "4 added" },
        { vehicleType: "WHEELCHAIR_VAN", asked: 1, granted: null, from: "2026-11-21T19:00:00.000Z", until: "2026-11-21T21:00:00.000Z", at: "2026-11-21T18:41:00.000Z", message: null },
      ],
      cases: 2,
      flights: { "urn:svc:case:a": "AF1234", "urn:svc:case:b": "AF1240" },
    });
    expect(head.split("\n")).toEqual([
      "Fleet short at CDG, night of 2026-11-21: 14 rides (52 seats) without a vehicle — SHUTTLE 12 rides (48 seats), WHEELCHAIR_VAN 2 rides (4 seats), over 2 cases; 1 ride replaced by taxi vouchers (3 vouchers).",
      "Asked the fleet for 12 more SHUTTLE (vehicles, 2026-11-21T19:00:00.000Z – 2026-11-22T08:00:00.000Z): granted 4 (4 added).",
      "Asked the fleet for 1 more WHEELCHAIR_VAN (vehicle, 2026-11-21T19:00:00.000Z – 2026-11-21T21:00:00.000Z): no answer yet.",
      expect.stringMatching(/^Decide: /),
      expect.stringMatching(/^By case /),
      "- AF1234 urn:svc:case:a: 9 rides (30 seats)",
      "- AF1240 urn:svc:case:b: 5 rides (22 seats)",
      "Rides the fleet refused, as they came:",
    ]);
  });
});
