import { and, eq } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { POST as vehicleHandler } from "@/app/api/v1/transport/segments/[segmentUrn]/vehicle/route";
import { GET as listHandler } from "@/app/api/v1/transport/segments/route";
import { auditEntries, passengers, reservations, reviewItems, transportSegments } from "@/db/schema";
import { closePool } from "@/lib/pool";
import { apiTestDatabase, call } from "@/tests/helpers/api";
import { pax, roleToken } from "@/tests/helpers/cases";
import { uniqueTenant } from "@/tests/helpers/factories";
import { sandboxFleet } from "@/tests/helpers/fleet";
import { confirmAndPlan, confirmedCase } from "./helpers";

const database = apiTestDatabase({ airports: true });
const fleet = sandboxFleet();
afterAll(() => closePool());
beforeEach(() => fleet.reset());

async function segmentsOf(caseUrn: string) {
  const rows = await database.db.select().from(transportSegments).where(eq(transportSegments.caseUrn, caseUrn));
  return rows.sort((a, b) => a.direction.localeCompare(b.direction) || a.vehicleType.localeCompare(b.vehicleType) || a.passengerCount - b.passengerCount);
}

describe("reservation confirmed → transport planned and assigned", () => {
  it("economy shares shuttles up to capacity with overflow, business rides a private car, a wheelchair group a van; all assigned by the fleet", async () => {
    const tenant = uniqueTenant();
    const token = await roleToken(tenant, "OPS_SUPERVISOR");
    const fx = await confirmedCase(database.db, {
      token,
      tenant,
      transport: { shuttleCapacity: 4 },
      groups: [
        { pnr: "ECO3", passengers: [pax("E1"), pax("E2"), pax("E3", "ECONOMY", { specialNeeds: ["INFANT"] })] },
        { pnr: "ECO2", passengers: [pax("E4"), pax("E5")] },
        { pnr: "BIZ1", passengers: [pax("B1", "BUSINESS")] },
        { pnr: "WCH2", passengers: [pax("W1", "ECONOMY", { specialNeeds: ["WHEELCHAIR"] }), pax("W2")] },
      ],
    });
    await confirmAndPlan(database.db, tenant, fx.caseUrn, fx.reservationUrns);

    const segments = await segmentsOf(fx.caseUrn);
    const shape = segments.map((s) => [s.direction, s.vehicleType, s.passengers.map((p) => p.passengerId).sort(), s.capacity, s.status]);
    const oneWay = (d: string) => [
      [d, "PRIVATE_CAR", ["B1"], 4, "ASSIGNED"],
      [d, "SHUTTLE", ["E4", "E5"], 4, "ASSIGNED"],
      [d, "SHUTTLE", ["E1", "E2", "E3"], 4, "ASSIGNED"],
      [d, "WHEELCHAIR_VAN", ["W1", "W2"], 6, "ASSIGNED"],
    ];
    expect(shape).toEqual([...oneWay("AIRPORT_TO_HOTEL"), ...oneWay("HOTEL_TO_AIRPORT")]);
    const van = segments.find((s) => s.vehicleType === "WHEELCHAIR_VAN")!;
    expect(van.specialRequirements).toEqual(["WHEELCHAIR"]);
    expect(segments.find((s) => s.passengers.some((p) => p.passengerId === "E3"))!.specialRequirements).toEqual(["INFANT"]);
    expect(van.vehicle).toMatchObject({ source: "FLEET", vehicleId: expect.stringMatching(/^CDG-WV-/), driverName: expect.any(String), driverPhone: expect.any(String) });
    // the airport pickup: 09:30 − 180 min − the road (≈ 1 km: 15 min) → 06:15, the slot before: 06:00
    expect(segments.filter((s) => s.direction === "HOTEL_TO_AIRPORT").map((s) => s.scheduledAt.toISOString())).toEqual(Array(4).fill("2026-11-22T06:00:00.000Z"));
    expect(segments.every((s) => s.airport === "CDG" && s.hotelUrn === fx.hotelUrn && s.pickupLocation && s.dropoffLocation)).toBe(true);
    expect(fleet.assignments()).toHaveLength(8);

    // a re-delivered event changes nothing: no segment, no vehicle, no audit entry more
    const audits = await database.db.select().from(auditEntries).where(eq(auditEntries.tenant, tenant));
    await confirmAndPlan(database.db, tenant, fx.caseUrn, fx.reservationUrns);
    expect((await segmentsOf(fx.caseUrn)).map((s) => [s.urn, s.status, s.passengerCount, s.vehicle?.vehicleId])).toEqual(segments.map((s) => [s.urn, s.status, s.passengerCount, s.vehicle?.vehicleId]));
    expect(await database.db.select().from(auditEntries).where(eq(auditEntries.tenant, tenant))).toHaveLength(audits.length);
    expect(fleet.assignments()).toHaveLength(8);

    // the list answers them, unassigned first is the board's business; here by pickup time
    const list = await call(listHandler, "/transport/segments", { token, query: { caseUrn: fx.caseUrn, direction: "HOTEL_TO_AIRPORT", limit: "3" } });
    expect(list.status).toBe(200);
    expect(list.json.items).toHaveLength(3);
    const rest = await call(listHandler, "/transport/segments", { token, query: { caseUrn: fx.caseUrn, direction: "HOTEL_TO_AIRPORT", limit: "3", cursor: list.json.nextCursor } });
    expect(rest.json).toMatchObject({ nextCursor: null });
    expect(new Set([...list.json.items, ...rest.json.items].map((s: { urn: string }) => s.urn)).size).toBe(4);
  });

  it("a reservation confirmed later in the same slot joins the PLANNED shuttle; passengers with no ride are left out", async () => {
    const tenant = uniqueTenant();
    const token = await roleToken(tenant, "OPS_SUPERVISOR");
    await fleet.admin("/__sandbox/fleet", { airport: "CDG", vehicles: { SHUTTLE: 0 } });
    const fx = await confirmedCase(database.db, { token, tenant, groups: [{ pnr: "A", passengers: [pax("A1"), pax("A2")] }, { pnr: "B", passengers: [pax("B1"), pax("B2")] }] });
    // B is still being booked when A confirms; B2 lives nearby
    await database.db.update(reservations).set({ status: "PENDING" }).where(eq(reservations.urn, fx.reservationUrns[1]));
    await database.db.update(passengers).set({ operationalStatus: "LOCAL_RESIDENT" }).where(and(eq(passengers.caseUrn, fx.caseUrn), eq(passengers.passengerId, "B2")));
    await confirmAndPlan(database.db, tenant, fx.caseUrn, [fx.reservationUrns[0]]);
    const first = await segmentsOf(fx.caseUrn);
    expect(first.map((s) => [s.direction, s.status, s.passengerCount])).toEqual([
      ["AIRPORT_TO_HOTEL", "PLANNED", 2],
      ["HOTEL_TO_AIRPORT", "PLANNED", 2],
    ]);
    await database.db.update(reservations).set({ status: "CONFIRMED" }).where(eq(reservations.urn, fx.reservationUrns[1]));
    await confirmAndPlan(database.db, tenant, fx.caseUrn, [fx.reservationUrns[1]]);
    const second = await segmentsOf(fx.caseUrn);
    expect(second.map((s) => s.urn)).toEqual(first.map((s) => s.urn));
    expect(second.map((s) => [s.passengerCount, s.reservationUrns])).toEqual([
      [3, [...fx.reservationUrns].sort()],
      [3, [...fx.reservationUrns].sort()],
    ]);
    const extended = await database.db.select().from(auditEntries).where(and(eq(auditEntries.entityUrn, first[0].urn), eq(auditEntries.action, "extend")));
    expect(extended).toHaveLength(1);
    expect(second.flatMap((s) => s.passengers.map((p) => p.passengerId))).not.toContain("B2");
  });

  it("no vehicle of the type left: the segments stay PLANNED, listed on the airport's night's one TRANSPORT_UNASSIGNED item, never twice; an operator assigns one", async () => {
    const tenant = uniqueTenant();
    const token = await roleToken(tenant, "OPS_SUPERVISOR");
    await fleet.admin("/__sandbox/fleet", { airport: "CDG", vehicles: { WHEELCHAIR_VAN: 0 } });
    const fx = await confirmedCase(database.db, { token, tenant, groups: [{ pnr: "W", passengers: [pax("W1", "ECONOMY", { specialNeeds: ["WHEELCHAIR"] })] }] });
    await confirmAndPlan(database.db, tenant, fx.caseUrn, fx.reservationUrns);
    await confirmAndPlan(database.db, tenant, fx.caseUrn, fx.reservationUrns);
    const segments = await segmentsOf(fx.caseUrn);
    expect(segments.map((s) => s.status)).toEqual(["PLANNED", "PLANNED"]);
    const items = await database.db.select().from(reviewItems).where(eq(reviewItems.caseUrn, fx.caseUrn));
    expect(items.map((i) => [i.category, i.priority, i.state, i.affectedGroups])).toEqual([["TRANSPORT_UNASSIGNED", "MEDIUM", "OPEN", fx.groupIds]]);
    // both rides are listed, each once, though each was planned twice; the head has the numbers
    for (const s of segments) expect((items[0].detail ?? "").split(s.urn).length - 1).toBe(1);
    expect(items[0].detail).toContain("Fleet short at CDG, night of 2026-11-21: 2 rides (2 seats) without a vehicle — WHEELCHAIR_VAN 2 rides (2 seats)");

    const operator = await roleToken(tenant, "AIRPORT_OPERATOR", ["CDG"]);
    const res = await call(vehicleHandler, `/transport/segments/${segments[0].urn}/vehicle`, {
      token: operator,
      params: { segmentUrn: segments[0].urn },
      body: { vehicleId: "VAN-LOCAL-7", driverName: "Nadia", driverPhone: "+33 6 00 00 00 07", reason: "hired from the airport's PRM service" },
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ status: "ASSIGNED", vehicle: { vehicleId: "VAN-LOCAL-7", driverName: "Nadia", source: "MANUAL" } });
  });
});
