import { and, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { rideVouchers, transportSegments } from "@/db/schema";
import { systemPrincipal } from "@/lib/auth/principal";
import { listCaseRideVouchers } from "@/lib/rides/list";
import { apiTestDatabase } from "@/tests/helpers/api";
import { roleToken } from "@/tests/helpers/cases";
import { uniqueTenant } from "@/tests/helpers/factories";
import { sandboxFleet } from "@/tests/helpers/fleet";
import { caseWithStay, configuredRides, confirm } from "./helpers";

const database = apiTestDatabase({ airports: true });
sandboxFleet();
const provider = configuredRides();

// 23:30 Paris: both rides outside the shuttle hours (taxis)
const NIGHT = { departure: "2027-01-10T22:30:00Z", next: "2027-01-11T05:00:00Z" };

async function wheelchairStay() {
  const tenant = uniqueTenant();
  const token = await roleToken(tenant, "OPS_SUPERVISOR");
  return { tenant, ...(await caseWithStay(database.db, { token, tenant, ...NIGHT, needs: ["WHEELCHAIR"] })) };
}

describe("an accessible ride stays accessible at night", () => {
  it("a wheelchair user's night rides become wheelchair-accessible taxis: the provider is asked for one and confirms it", async () => {
    const c = await wheelchairStay();
    await confirm(database.db, c.tenant, c.caseUrn, c.reservationUrn);
    const taxis = await database.db.select().from(rideVouchers).where(eq(rideVouchers.reservationUrn, c.reservationUrn));
    expect(taxis.map((t) => [t.status, t.accessible])).toEqual([
      ["ISSUED", true],
      ["ISSUED", true],
    ]);
    const asked = provider()
      .vouchers()
      .filter((v) => taxis.some((t) => t.urn === v.reference));
    expect(asked).toHaveLength(2);
    for (const v of asked) {
      expect(v.request.accessible).toBe(true);
      expect(v.code).toMatch(/^WAV-/);
    }
    // the case's taxi list names the group and its passengers, and says the car is accessible
    const { items } = await listCaseRideVouchers({ ctx: { db: database.db, principal: systemPrincipal(c.tenant, "test") }, input: { caseUrn: c.caseUrn } });
    expect(items).toHaveLength(2);
    for (const item of items) {
      expect(item.pnr).toMatch(/^R0/);
      expect(item.passengerNames).toHaveLength(2);
      expect(item.passengerNames.join(" ")).toMatch(/FirstA0\w+ LastA0/);
      expect(item.accessible).toBe(true);
    }
    // the planner gave the group accessible vans (one group each), which the taxis replace
    const vans = await database.db.select().from(transportSegments).where(eq(transportSegments.caseUrn, c.caseUrn));
    expect(vans.every((s) => s.vehicleType === "WHEELCHAIR_VAN")).toBe(true);
  });

  it("no accessible car at the provider: no ordinary taxi either, the group keeps its accessible van", async () => {
    const c = await wheelchairStay();
    await fetch(new URL("/__sandbox/accessible", provider().url), { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ available: false }) });
    try {
      await confirm(database.db, c.tenant, c.caseUrn, c.reservationUrn);
    } finally {
      await fetch(new URL("/__sandbox/accessible", provider().url), { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ available: true }) });
    }
    const taxis = await database.db.select().from(rideVouchers).where(eq(rideVouchers.reservationUrn, c.reservationUrn));
    expect(taxis.map((t) => t.status)).toEqual(["FAILED", "FAILED"]);
    expect(taxis.every((t) => t.lastError?.startsWith("no_accessible_vehicle"))).toBe(true);
    const live = await database.db.select().from(transportSegments).where(and(eq(transportSegments.caseUrn, c.caseUrn), inArray(transportSegments.status, ["PLANNED", "ASSIGNED"])));
    expect(live.map((s) => s.vehicleType).sort()).toEqual(["WHEELCHAIR_VAN", "WHEELCHAIR_VAN"]);
  });
});
