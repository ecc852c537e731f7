import { describe, expect, it } from "vitest";
import { boardRows, fromLocalInput, toLocalInput, unassignedSummary } from "@/components/transport/board";
import type { Segment } from "@/lib/transport/schemas";

const seg = (urn: string, over: Partial<Segment>): Segment => ({
  urn,
  caseUrn: "urn:svc:case:c",
  airport: "CDG",
  hotelUrn: "urn:svc:hotel:h",
  reservationUrn: "urn:svc:reservation:r",
  reservationUrns: ["urn:svc:reservation:r"],
  direction: "AIRPORT_TO_HOTEL",
  scheduledAt: "2026-11-21T19:30:00.000Z",
  vehicleType: "SHUTTLE",
  capacity: 16,
  passengerCount: 4,
  passengers: [],
  specialRequirements: [],
  pickupLocation: null,
  dropoffLocation: null,
  status: "ASSIGNED",
  vehicle: null,
  origin: "PLANNER",
  cancellationReason: null,
  createdAt: "2026-11-21T18:00:00.000Z",
  updatedAt: "2026-11-21T18:00:00.000Z",
  ...over,
});

describe("transport board", () => {
  it("puts rides without a vehicle first, then by pickup slot and vehicle; finished ones last", () => {
    const rows = boardRows([
      seg("a", { scheduledAt: "2026-11-21T19:00:00.000Z" }),
      seg("b", { status: "CANCELLED", scheduledAt: "2026-11-21T18:00:00.000Z" }),
      seg("c", { status: "PLANNED", scheduledAt: "2026-11-22T06:00:00.000Z" }),
      seg("d", { scheduledAt: "2026-11-21T19:00:00.000Z", vehicleType: "PRIVATE_CAR" }),
      seg("e", { status: "PLANNED", scheduledAt: "2026-11-21T20:00:00.000Z", vehicleType: "WHEELCHAIR_VAN" }),
    ]);
    expect(rows.map((r) => r.urn)).toEqual(["e", "c", "d", "a", "b"]);
    expect(rows.map((r) => [r.unassigned, r.final])).toEqual([
      [true, false],
      [true, false],
      [false, false],
      [false, false],
      [false, true],
    ]);
    expect(rows[0].slot).toBe("2026-11-21 20:00");
  });

  it("shows load against seats, and sums what waits for a vehicle", () => {
    const [row] = boardRows([seg("a", { passengerCount: 12, capacity: 16 })]);
    expect([row.load, row.loadPercent]).toEqual(["12/16", 75]);
    expect(boardRows([seg("b", { capacity: null, passengerCount: 3 })])[0].load).toBe("3");
    expect(unassignedSummary([seg("a", { status: "PLANNED", passengerCount: 3 }), seg("b", { status: "PLANNED", passengerCount: 2 }), seg("c", {})])).toEqual({ rides: 2, passengers: 5 });
  });

  it("edits pickup times in UTC", () => {
    expect(toLocalInput("2026-11-22T06:00:00.000Z")).toBe("2026-11-22T06:00");
    expect(fromLocalInput("2026-11-22T06:45")).toBe("2026-11-22T06:45:00Z");
  });
});
