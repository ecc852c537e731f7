import { eq } from "drizzle-orm";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { GET as getReservationHandler } from "@/app/api/v1/booking/reservations/[reservationUrn]/route";
import { POST as confirmHandler } from "@/app/api/v1/hotels/[hotelUrn]/bookings/[reservationUrn]/confirm/route";
import { POST as declineHandler } from "@/app/api/v1/hotels/[hotelUrn]/bookings/[reservationUrn]/decline/route";
import { POST as checkInHandler } from "@/app/api/v1/hotels/[hotelUrn]/check-ins/route";
import { ReservationsPanel } from "@/components/booking/reservations-panel";
import { reservations } from "@/db/schema";
import { systemPrincipal } from "@/lib/auth/principal";
import { apiTestDatabase, call } from "@/tests/helpers/api";
import { roleToken } from "@/tests/helpers/cases";
import { uniqueTenant } from "@/tests/helpers/factories";
import { confirmedReservation } from "@/tests/helpers/reservations";
import { contractAt, hotelPath, hotelToken } from "./helpers";

const database = apiTestDatabase({ airports: true });

/** A CONFIRMED reservation on the tenant's direct contract at its hotel, that hotel's user, and an admin. */
async function directBooking() {
  const tenant = uniqueTenant();
  const admin = await roleToken(tenant, "ADMIN");
  const fx = await confirmedReservation(database.db, { token: admin, tenant });
  await contractAt(database.db, tenant, fx.hotelUrn);
  await database.db.update(reservations).set({ provider: "DIRECT", providerRef: "D-RECORDTEST" }).where(eq(reservations.urn, fx.reservationUrn));
  return { tenant, admin, fx, hotel: await hotelToken(tenant, fx.hotelUrn) };
}

const bookingCall = (handler: typeof confirmHandler, action: string, fx: { hotelUrn: string; reservationUrn: string }, token: string, body?: unknown) =>
  call(handler, hotelPath(fx.hotelUrn, `bookings/${encodeURIComponent(fx.reservationUrn)}/${action}`), { token, params: { hotelUrn: fx.hotelUrn, reservationUrn: fx.reservationUrn }, body });
const checkIn = (fx: { hotelUrn: string; reservationUrn: string }, token: string, status: "CHECKED_IN" | "NO_SHOW") =>
  call(checkInHandler, hotelPath(fx.hotelUrn, "check-ins"), { token, params: { hotelUrn: fx.hotelUrn }, body: { reservationUrn: fx.reservationUrn, status } });
const record = (fx: { reservationUrn: string }, token: string) => call(getReservationHandler, `/booking/reservations/${fx.reservationUrn}`, { token, params: { reservationUrn: fx.reservationUrn } });
const panelText = async (tenant: string, caseUrn: string) =>
  renderToStaticMarkup(await ReservationsPanel({ ctx: { db: database.db, principal: systemPrincipal(tenant, "case-page") }, caseUrn, closed: false, zone: "Europe/Paris" }));

describe("the hotel's answers in the reservation's record and on the case page", () => {
  it("shows nothing from the hotel until it answers; then its confirmation and the desk's check-in, then a no-show", async () => {
    const { tenant, admin, fx, hotel } = await directBooking();
    const before = await record(fx, admin);
    expect(before.status).toBe(200);
    expect(before.json).toMatchObject({ hotelConfirmation: null, hotelConfirmedAt: null, arrival: null, arrivalRecordedAt: null });
    expect(await panelText(tenant, fx.caseUrn)).not.toContain("by the hotel");

    const confirmed = await bookingCall(confirmHandler, "confirm", fx, hotel);
    expect(confirmed.status).toBe(200);
    const arrived = await checkIn(fx, hotel, "CHECKED_IN");
    expect(arrived.status).toBe(200);
    const after = await record(fx, admin);
    expect(after.json).toMatchObject({ status: "CONFIRMED", hotelConfirmation: "CONFIRMED", arrival: "CHECKED_IN" });
    expect(after.json.hotelConfirmedAt).toBe(confirmed.json.hotelConfirmedAt);
    expect(after.json.arrivalRecordedAt).toBe(arrived.json.arrivalRecordedAt);
    expect(Date.parse(after.json.hotelConfirmedAt)).toBeLessThanOrEqual(Date.parse(after.json.arrivalRecordedAt));
    const page = await panelText(tenant, fx.caseUrn);
    expect(page).toContain("confirmed by the hotel at");
    expect(page).toContain("checked in");
    expect(page).not.toContain("no-show");

    // the desk corrects its record
    expect((await checkIn(fx, hotel, "NO_SHOW")).status).toBe(200);
    expect((await record(fx, admin)).json).toMatchObject({ arrival: "NO_SHOW" });
    const corrected = await panelText(tenant, fx.caseUrn);
    expect(corrected).toContain("no-show");
    expect(corrected).not.toContain("checked in");
  });

  it("shows a decline with the hotel's reason, the reservation walked", async () => {
    const { tenant, admin, fx, hotel } = await directBooking();
    const declined = await bookingCall(declineHandler, "decline", fx, hotel, { reason: "the boiler broke: no hot water" });
    expect(declined.status).toBe(200);
    const after = await record(fx, admin);
    expect(after.json).toMatchObject({ status: "CANCELLED", walkReason: "DECLINED_BY_HOTEL", hotelConfirmation: "DECLINED", arrival: null });
    expect(Date.parse(after.json.hotelConfirmedAt)).toBeGreaterThan(0);
    const page = await panelText(tenant, fx.caseUrn);
    expect(page).toContain("declined by the hotel: the boiler broke: no hot water");
    // said once: the cancellation reason repeating it is not shown beside it
    expect(page.match(/the boiler broke/g)).toHaveLength(1);
  });
});
