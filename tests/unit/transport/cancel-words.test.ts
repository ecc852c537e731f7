import { describe, expect, it } from "vitest";
import { cancellationWords } from "@/lib/transport/cancel-words";

describe("a cancelled ride's reason in plain words", () => {
  it("names why taxis replaced it", () => {
    expect(cancellationWords("replaced by taxi vouchers (NIGHT)")).toBe("Replaced by taxi vouchers: outside the shuttle hours");
    expect(cancellationWords("replaced by taxi vouchers (CAR_TIER|NIGHT)")).toBe("Replaced by taxi vouchers: the fare tier rides by car; outside the shuttle hours");
    expect(cancellationWords("replaced by taxi vouchers (FLEET_UNAVAILABLE)")).toBe("Replaced by taxi vouchers: the fleet had no vehicle");
  });
  it("says a stay was cancelled without its URN, and keeps an operator's own words", () => {
    expect(cancellationWords("reservation urn:svc:reservation:abc123 cancelled: rehoused")).toBe("The stay was cancelled: rehoused");
    expect(cancellationWords("driver sick")).toBe("driver sick");
    expect(cancellationWords(null)).toBeNull();
  });
});

describe("the transport table", () => {
  it("shows a cancelled ride's reason beside its status", async () => {
    const { renderToStaticMarkup } = await import("react-dom/server");
    const { createElement } = await import("react");
    const { SegmentBoard } = await import("@/components/transport/segment-board");
    const at = "2027-01-10T22:30:00.000Z";
    const segment = {
      urn: "urn:svc:segment:s1", caseUrn: "urn:svc:case:c1", airport: "CDG", hotelUrn: null, reservationUrn: "urn:svc:reservation:r1", reservationUrns: ["urn:svc:reservation:r1"],
      direction: "AIRPORT_TO_HOTEL" as const, scheduledAt: at, vehicleType: "SHUTTLE" as const, capacity: 20, passengerCount: 2, passengers: [], specialRequirements: [],
      pickupLocation: "Terminal 2E", dropoffLocation: null, status: "CANCELLED" as const, vehicle: null, origin: "PLANNER" as const,
      cancellationReason: "replaced by taxi vouchers (NIGHT)", createdAt: at, updatedAt: at,
    };
    const html = renderToStaticMarkup(createElement(SegmentBoard, { segments: [segment], mayAct: true, zones: "Europe/Paris" }));
    expect(html).toContain("Replaced by taxi vouchers: outside the shuttle hours");
  });
});
