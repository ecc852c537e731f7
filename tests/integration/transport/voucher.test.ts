import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { POST as retimeHandler } from "@/app/api/v1/transport/segments/[segmentUrn]/retime/route";
import { transportSegments, vouchers } from "@/db/schema";
import { systemPrincipal } from "@/lib/auth/principal";
import { closePool } from "@/lib/pool";
import { createVoucher } from "@/lib/vouchers";
import { signPassengerToken } from "@/lib/vouchers/link";
import { passengerVoucherPage } from "@/lib/vouchers/passenger";
import { apiTestDatabase, call } from "@/tests/helpers/api";
import { pax, roleToken } from "@/tests/helpers/cases";
import { uniqueTenant } from "@/tests/helpers/factories";
import { sandboxFleet } from "@/tests/helpers/fleet";
import { confirmAndPlan, confirmedCase } from "./helpers";

const database = apiTestDatabase({ airports: true });
sandboxFleet();
afterAll(() => closePool());

describe("confirm → segments → the voucher's transport section", () => {
  it("the stored voucher and the passenger page show the pickup, then the vehicle, and follow a retime", async () => {
    const tenant = uniqueTenant();
    const token = await roleToken(tenant, "OPS_SUPERVISOR");
    const fx = await confirmedCase(database.db, { token, tenant, groups: [{ pnr: "W", passengers: [pax("W1", "ECONOMY", { specialNeeds: ["WHEELCHAIR"] }), pax("W2")] }] });
    const reservationUrn = fx.reservationUrns[0];
    await createVoucher({ db: database.db, principal: systemPrincipal(tenant, "booking") }, reservationUrn);
    const text = async () => (await database.db.select().from(vouchers).where(eq(vouchers.reservationUrn, reservationUrn)))[0].text;
    expect(await text()).toContain("No ride is included with this stay");

    await confirmAndPlan(database.db, tenant, fx.caseUrn, fx.reservationUrns);
    const [toHotel] = (await database.db.select().from(transportSegments).where(eq(transportSegments.caseUrn, fx.caseUrn))).filter((s) => s.direction === "AIRPORT_TO_HOTEL");
    const after = await text();
    expect(after).toContain("Pickup at CDG airport, arrivals: ground transport meeting point");
    expect(after).toContain(`Vehicle: ${toHotel.vehicle!.plate}, ${toHotel.vehicle!.vehicleId}, driver ${toHotel.vehicle!.driverName}`);
    expect(after).toContain("Dispatcher: +33 1 70 00 00 00");
    const page = await passengerVoucherPage(database.db, signPassengerToken(reservationUrn, Math.floor(Date.now() / 1000) + 3600));
    expect(page.status).toBe(200);
    expect(page.html).toContain("ground transport meeting point");

    // the operator moves the pickup: the voucher (and the page) follow; Paris is UTC+1 in November
    const res = await call(retimeHandler, `/transport/segments/${toHotel.urn}/retime`, { token, params: { segmentUrn: toHotel.urn }, body: { scheduledAt: "2026-11-21T21:15:00Z", reason: "baggage delayed" } });
    expect(res.status).toBe(200);
    expect(await text()).toContain("at 22:15");
    const again = await passengerVoucherPage(database.db, signPassengerToken(reservationUrn, Math.floor(Date.now() / 1000) + 3600));
    expect(again.html).toContain("22:15");
  });
});
