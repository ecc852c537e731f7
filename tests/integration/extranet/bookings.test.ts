import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { POST as confirmHandler } from "@/app/api/v1/hotels/[hotelUrn]/bookings/[reservationUrn]/confirm/route";
import { POST as declineHandler } from "@/app/api/v1/hotels/[hotelUrn]/bookings/[reservationUrn]/decline/route";
import { auditEntries, directBookings, directContracts, jobEvents, type ReservationRow, reservations } from "@/db/schema";
import { seedDirectContracts } from "@/db/seed/direct-contracts";
import { closePool } from "@/lib/pool";
import { apiTestDatabase, call } from "@/tests/helpers/api";
import { roleToken } from "@/tests/helpers/cases";
import { uniqueTenant } from "@/tests/helpers/factories";
import { sandboxProviders } from "@/tests/helpers/providers";
import { allocate, approvedCase, bookingRunner, bookingTenant, reservationsOf, steerAll } from "../booking/helpers";
import { hotelPath, hotelToken } from "./helpers";

const database = apiTestDatabase({ airports: true });
const sandboxes = sandboxProviders();
afterAll(() => closePool());
beforeEach(() => sandboxes.reset());

/** A case whose every group the booking job confirmed on the tenant's direct contracts at CDG. */
async function bookedDirect(provider: "DIRECT" | "HOTELBEDS" = "DIRECT") {
  const { tenant, token } = await bookingTenant(database.db);
  await seedDirectContracts(database.db, tenant);
  const { caseUrn } = await approvedCase(token);
  await allocate(database.db);
  await steerAll(database.db, tenant, caseUrn, provider);
  await bookingRunner(database.db).tick();
  const rows = await reservationsOf(database.db, caseUrn, "CONFIRMED");
  expect(rows.length).toBeGreaterThan(1);
  return { tenant, token, caseUrn, rows };
}

const bookingPath = (r: Pick<ReservationRow, "hotelUrn" | "urn">, action: string) => hotelPath(r.hotelUrn, `bookings/${encodeURIComponent(r.urn)}/${action}`);
const confirm = (r: Pick<ReservationRow, "hotelUrn" | "urn">, token: string, hotelUrn = r.hotelUrn) =>
  call(confirmHandler, bookingPath(r, "confirm"), { token, params: { hotelUrn, reservationUrn: r.urn } });
const decline = (r: Pick<ReservationRow, "hotelUrn" | "urn">, token: string, body: unknown = { reason: "the boiler broke: no hot water on two floors" }) =>
  call(declineHandler, bookingPath(r, "decline"), { token, params: { hotelUrn: r.hotelUrn, reservationUrn: r.urn }, body });
const row = async (urn: string) => (await database.db.select().from(reservations).where(eq(reservations.urn, urn)))[0];
const audits = (urn: string, action: string) => database.db.select().from(auditEntries).where(and(eq(auditEntries.entityUrn, urn), eq(auditEntries.action, action)));

describe("a hotel confirms or declines its direct bookings", () => {
  it("confirm sets the hotel's answer once: twice answers the same, one audit entry", async () => {
    const { tenant, rows } = await bookedDirect();
    const r = rows[0];
    const token = await hotelToken(tenant, r.hotelUrn);
    const first = await confirm(r, token);
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ reservationUrn: r.urn, hotelUrn: r.hotelUrn, status: "CONFIRMED", hotelConfirmation: "CONFIRMED", walkedAt: null });
    const again = await confirm(r, token);
    expect(again.json).toEqual(first.json);
    expect(await audits(r.urn, "hotel-confirm")).toHaveLength(1);
    expect((await row(r.urn)).hotelConfirmedAt?.toISOString()).toBe(first.json.hotelConfirmedAt);
  });

  it("decline walks the reservation (DECLINED_BY_HOTEL) so the group is rehoused; the rooms do not go back to the contract", async () => {
    const { tenant, rows } = await bookedDirect();
    const r = rows[0];
    const token = await hotelToken(tenant, r.hotelUrn);
    const contract = async () => (await database.db.select().from(directContracts).where(and(eq(directContracts.tenant, tenant), eq(directContracts.hotelUrn, r.hotelUrn))))[0].roomsAvailable;
    const roomsBefore = await contract();

    const res = await decline(r, token);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ status: "CANCELLED", hotelConfirmation: "DECLINED", walkReason: "DECLINED_BY_HOTEL" });
    const after = await row(r.urn);
    expect(after).toMatchObject({ status: "CANCELLED", walkReason: "DECLINED_BY_HOTEL", walkDetail: "the boiler broke: no hot water on two floors", hotelConfirmation: "DECLINED" });
    expect(after.walkedAt).not.toBeNull();
    const walked = await database.db.select().from(jobEvents).where(and(eq(jobEvents.name, "reservation/walked"), sql`${jobEvents.data}->>'reservationUrn' = ${r.urn}`));
    expect(walked).toHaveLength(1);
    expect(walked[0].data).toMatchObject({ hotelUrn: r.hotelUrn, reason: "DECLINED_BY_HOTEL" });
    expect(await contract()).toBe(roomsBefore);
    const [booking] = await database.db.select().from(directBookings).where(and(eq(directBookings.tenant, tenant), eq(directBookings.reference, r.providerRef!)));
    expect(booking.status).toBe("CANCELLED");
    expect(await audits(r.urn, "walk")).toHaveLength(1);
    expect(await audits(r.urn, "hotel-decline")).toHaveLength(1);

    // declining again answers the same and walks nothing more; confirming it now is refused
    expect((await decline(r, token)).json).toEqual(res.json);
    expect(await database.db.select().from(jobEvents).where(and(eq(jobEvents.name, "reservation/walked"), sql`${jobEvents.data}->>'reservationUrn' = ${r.urn}`))).toHaveLength(1);
    expect((await confirm(r, token)).json).toMatchObject({ status: 409, code: "INVALID_TRANSITION" });
  });

  it("refuses what is not the hotel's to answer, changing nothing: another provider's booking 409, another hotel's 404, no reason 422", async () => {
    const direct = await bookedDirect();
    const [r] = direct.rows;
    const token = await hotelToken(direct.tenant, r.hotelUrn);
    const before = await row(r.urn);
    expect((await decline(r, token, {})).json).toMatchObject({ status: 422 });
    expect((await decline(r, token, { reason: "line one\nline two" })).json).toMatchObject({ status: 422 });
    // the booking named under another of the tenant's contracted hotels, by that hotel's user
    const [elsewhere] = await database.db
      .select({ hotelUrn: directContracts.hotelUrn })
      .from(directContracts)
      .where(and(eq(directContracts.tenant, direct.tenant), sql`${directContracts.hotelUrn} <> ${r.hotelUrn}`))
      .limit(1);
    const res404 = await confirm(r, await hotelToken(direct.tenant, elsewhere.hotelUrn), elsewhere.hotelUrn);
    expect(res404.status).toBe(404);
    // the same hotel's user of another airline reaches nothing
    expect((await confirm(r, await hotelToken(uniqueTenant(), r.hotelUrn))).status).toBe(404);
    expect(await row(r.urn)).toEqual(before);

    const market = await bookedDirect("HOTELBEDS");
    const m = market.rows[0];
    const res = await confirm(m, await roleToken(market.tenant, "OPS_SUPERVISOR", ["CDG"]));
    expect(res.json).toMatchObject({ status: 409, code: "CONFLICT" });
    expect(res.json.detail).toMatch(/booked through HOTELBEDS, not on the direct contract/);
    expect((await row(m.urn)).hotelConfirmation).toBeNull();
  });
});
