import { and, eq, ne } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { PATCH as reaccommodateHandler } from "@/app/api/v1/cases/[caseUrn]/reaccommodate/route";
import { auditEntries, transportSegments } from "@/db/schema";
import { followNextFlightTransport } from "@/inngest/functions/plan-transport";
import { createRunner } from "@/lib/jobs/runner";
import { closePool } from "@/lib/pool";
import { apiTestDatabase, call } from "@/tests/helpers/api";
import { pax, roleToken } from "@/tests/helpers/cases";
import { uniqueTenant } from "@/tests/helpers/factories";
import { sandboxFleet } from "@/tests/helpers/fleet";
import { confirmAndPlan, confirmedCase } from "./helpers";

const database = apiTestDatabase({ airports: true });
const fleet = sandboxFleet();
afterAll(() => closePool());

async function reaccommodate(token: string, caseUrn: string, scheduledDeparture: string) {
  const res = await call(reaccommodateHandler, `/cases/${caseUrn}/reaccommodate`, { token, params: { caseUrn }, body: { nextFlight: { number: "AF1238", scheduledDeparture }, reason: "flight moved" } });
  expect(res.status, res.text).toBe(200);
  await createRunner({ db: database.db, jobs: [followNextFlightTransport], retryBaseMs: 1 }).tick();
}

describe("the next flight moves: rides to the airport follow", () => {
  it("two hours later re-times the rides to the airport (not those to the hotel); the same patch again changes nothing", async () => {
    const tenant = uniqueTenant();
    const token = await roleToken(tenant, "OPS_SUPERVISOR");
    const fx = await confirmedCase(database.db, { token, tenant, groups: [{ pnr: "A", passengers: [pax("A1"), pax("A2")] }, { pnr: "B", passengers: [pax("B1", "BUSINESS")] }] });
    await confirmAndPlan(database.db, tenant, fx.caseUrn, fx.reservationUrns);
    const rows = () => database.db.select().from(transportSegments).where(eq(transportSegments.caseUrn, fx.caseUrn));
    const before = await rows();
    expect(before.filter((s) => s.direction === "HOTEL_TO_AIRPORT").map((s) => s.scheduledAt.toISOString())).toEqual(["2026-11-22T06:00:00.000Z", "2026-11-22T06:00:00.000Z"]);

    await reaccommodate(token, fx.caseUrn, "2026-11-22T11:30:00Z");
    const after = await rows();
    for (const s of after) {
      const old = before.find((b) => b.urn === s.urn)!;
      // 11:30 − 180 − 15 = 08:15 → 08:00; the vehicle stays
      expect(s.scheduledAt.toISOString()).toBe(s.direction === "HOTEL_TO_AIRPORT" ? "2026-11-22T08:00:00.000Z" : old.scheduledAt.toISOString());
      expect([s.status, s.vehicle?.vehicleId]).toEqual([old.status, old.vehicle?.vehicleId]);
    }
    const audits = await database.db.select().from(auditEntries).where(and(eq(auditEntries.tenant, tenant), eq(auditEntries.entity, "segment"), eq(auditEntries.action, "retime")));
    expect(audits).toHaveLength(2);

    await reaccommodate(token, fx.caseUrn, "2026-11-22T11:30:00Z");
    expect((await rows()).map((s) => [s.urn, s.scheduledAt.toISOString()])).toEqual(after.map((s) => [s.urn, s.scheduledAt.toISOString()]));
    expect(await database.db.select().from(auditEntries).where(and(eq(auditEntries.tenant, tenant), eq(auditEntries.entity, "segment"), eq(auditEntries.action, "retime")))).toHaveLength(2);
  });

  it("a next flight the same evening leaves no overnight gap: every ride of the case is CANCELLED and its vehicle released", async () => {
    const tenant = uniqueTenant();
    const token = await roleToken(tenant, "OPS_SUPERVISOR");
    const fx = await confirmedCase(database.db, { token, tenant, groups: [{ pnr: "A", passengers: [pax("A1")] }] });
    await confirmAndPlan(database.db, tenant, fx.caseUrn, fx.reservationUrns);
    const live = fleet.assignments().length;
    await reaccommodate(token, fx.caseUrn, "2026-11-21T21:40:00Z");
    const rows = await database.db.select().from(transportSegments).where(eq(transportSegments.caseUrn, fx.caseUrn));
    expect(rows.map((s) => s.status)).toEqual(["CANCELLED", "CANCELLED"]);
    expect(rows[0].cancellationReason).toContain("no overnight gap");
    expect(fleet.assignments()).toHaveLength(live - 2);
    expect(await database.db.select().from(transportSegments).where(and(eq(transportSegments.caseUrn, fx.caseUrn), ne(transportSegments.status, "CANCELLED")))).toEqual([]);
  });
});
