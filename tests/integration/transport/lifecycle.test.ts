import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { transportSegments } from "@/db/schema";
import { systemPrincipal } from "@/lib/auth/principal";
import { closePool } from "@/lib/pool";
import { completeDueSegments, dropReservationTransport } from "@/lib/transport";
import { apiTestDatabase } from "@/tests/helpers/api";
import { pax, roleToken } from "@/tests/helpers/cases";
import { uniqueTenant } from "@/tests/helpers/factories";
import { sandboxFleet } from "@/tests/helpers/fleet";
import { confirmAndPlan, confirmedCase } from "./helpers";

const database = apiTestDatabase({ airports: true });
const fleet = sandboxFleet();
afterAll(() => closePool());

describe("rides after the plan", () => {
  it("a cancelled reservation leaves its rides: a shared shuttle shrinks, an emptied one is CANCELLED and its vehicle released; twice changes nothing", async () => {
    const tenant = uniqueTenant();
    const token = await roleToken(tenant, "OPS_SUPERVISOR");
    const fx = await confirmedCase(database.db, { token, tenant, groups: [{ pnr: "A", passengers: [pax("A1"), pax("A2", "ECONOMY", { specialNeeds: ["INFANT"] })] }, { pnr: "B", passengers: [pax("B1")] }] });
    await confirmAndPlan(database.db, tenant, fx.caseUrn, fx.reservationUrns);
    const ctx = { db: database.db, principal: systemPrincipal(tenant, "test") };
    const rows = () => database.db.select().from(transportSegments).where(eq(transportSegments.caseUrn, fx.caseUrn));
    expect((await rows()).map((s) => [s.status, s.passengerCount])).toEqual([
      ["ASSIGNED", 3],
      ["ASSIGNED", 3],
    ]);
    const assigned = fleet.assignments().length;

    const first = await dropReservationTransport(ctx, { caseUrn: fx.caseUrn, reservationUrn: fx.reservationUrns[0], reason: "group went home" });
    expect(first.shrunk).toHaveLength(2);
    expect((await rows()).map((s) => [s.status, s.passengers.map((p) => p.passengerId), s.reservationUrns, s.specialRequirements])).toEqual([
      ["ASSIGNED", ["B1"], [fx.reservationUrns[1]], []],
      ["ASSIGNED", ["B1"], [fx.reservationUrns[1]], []],
    ]);
    expect(await dropReservationTransport(ctx, { caseUrn: fx.caseUrn, reservationUrn: fx.reservationUrns[0], reason: "again" })).toEqual({ cancelled: [], shrunk: [] });

    const last = await dropReservationTransport(ctx, { caseUrn: fx.caseUrn, reservationUrn: fx.reservationUrns[1], reason: "rebooked elsewhere" });
    expect(last.cancelled).toHaveLength(2);
    expect((await rows()).every((s) => s.status === "CANCELLED" && s.cancellationReason?.includes("rebooked elsewhere"))).toBe(true);
    expect(fleet.assignments()).toHaveLength(assigned - 2);
  });

  it("ASSIGNED rides long past their pickup are COMPLETED; PLANNED ones are not", async () => {
    const tenant = uniqueTenant();
    const token = await roleToken(tenant, "OPS_SUPERVISOR");
    await fleet.admin("/__sandbox/fleet", { airport: "CDG", vehicles: { PRIVATE_CAR: 0 } });
    const fx = await confirmedCase(database.db, { token, tenant, groups: [{ pnr: "A", passengers: [pax("A1")] }, { pnr: "B", passengers: [pax("B1", "BUSINESS")] }] });
    await confirmAndPlan(database.db, tenant, fx.caseUrn, fx.reservationUrns);
    const before = await database.db.select().from(transportSegments).where(eq(transportSegments.caseUrn, fx.caseUrn));
    expect(before.map((s) => `${s.vehicleType} ${s.status}`).sort()).toEqual(["PRIVATE_CAR PLANNED", "PRIVATE_CAR PLANNED", "SHUTTLE ASSIGNED", "SHUTTLE ASSIGNED"]);
    const later = new Date(Math.max(...before.map((s) => s.scheduledAt.getTime())) + 3 * 3600_000);
    const done = await completeDueSegments(database.db, later);
    const after = await database.db.select().from(transportSegments).where(eq(transportSegments.caseUrn, fx.caseUrn));
    expect(after.map((s) => `${s.vehicleType} ${s.status}`).sort()).toEqual(["PRIVATE_CAR PLANNED", "PRIVATE_CAR PLANNED", "SHUTTLE COMPLETED", "SHUTTLE COMPLETED"]);
    expect(done).toEqual(expect.arrayContaining(after.filter((s) => s.status === "COMPLETED").map((s) => s.urn)));
  });
});
