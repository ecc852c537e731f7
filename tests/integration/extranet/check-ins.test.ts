import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { POST as checkInHandler } from "@/app/api/v1/hotels/[hotelUrn]/check-ins/route";
import { auditEntries, reservations } from "@/db/schema";
import { newUrn } from "@/lib/ids";
import { apiTestDatabase, call } from "@/tests/helpers/api";
import { roleToken } from "@/tests/helpers/cases";
import { uniqueTenant } from "@/tests/helpers/factories";
import { confirmedReservation } from "@/tests/helpers/reservations";
import { contractAt, hotelPath, hotelToken } from "./helpers";

const database = apiTestDatabase({ airports: true });

async function bookedGroup() {
  const tenant = uniqueTenant();
  const admin = await roleToken(tenant, "ADMIN");
  const fx = await confirmedReservation(database.db, { token: admin, tenant });
  await contractAt(database.db, tenant, fx.hotelUrn);
  return { tenant, admin, fx, token: await hotelToken(tenant, fx.hotelUrn) };
}

const record = (hotelUrn: string, token: string, body: unknown) => call(checkInHandler, hotelPath(hotelUrn, "check-ins"), { token, params: { hotelUrn }, body });
const row = async (urn: string) => (await database.db.select().from(reservations).where(eq(reservations.urn, urn)))[0];

describe("POST /hotels/{hotelUrn}/check-ins", () => {
  it("records the group's arrival, lets the desk correct it (audited before → after), and the same answer twice writes nothing", async () => {
    const { fx, token } = await bookedGroup();
    const first = await record(fx.hotelUrn, token, { reservationUrn: fx.reservationUrn, status: "NO_SHOW" });
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ reservationUrn: fx.reservationUrn, status: "CONFIRMED", arrival: "NO_SHOW" });
    expect(first.json.arrivalRecordedAt).toBeTruthy();
    // the group came late after all
    const corrected = await record(fx.hotelUrn, token, { reservationUrn: fx.reservationUrn, status: "CHECKED_IN" });
    expect(corrected.json.arrival).toBe("CHECKED_IN");
    expect(await record(fx.hotelUrn, token, { reservationUrn: fx.reservationUrn, status: "CHECKED_IN" })).toMatchObject({ status: 200 });
    const entries = await database.db.select().from(auditEntries).where(and(eq(auditEntries.entityUrn, fx.reservationUrn), eq(auditEntries.action, "record-arrival")));
    expect(entries.map((e) => e.changes)).toEqual(
      expect.arrayContaining([[expect.objectContaining({ field: "arrival", before: null, after: "NO_SHOW" })], [expect.objectContaining({ field: "arrival", before: "NO_SHOW", after: "CHECKED_IN" })]]),
    );
    expect(entries).toHaveLength(2);
    expect((await row(fx.reservationUrn)).arrival).toBe("CHECKED_IN");
  });

  it("refuses, changing nothing: a walked booking 409, another hotel's or airline's 404, a bad status 422, an operator 403", async () => {
    const { tenant, admin, fx, token } = await bookedGroup();
    expect((await record(fx.hotelUrn, token, { reservationUrn: fx.reservationUrn, status: "ARRIVED" })).status).toBe(422);
    expect((await record(fx.hotelUrn, token, { reservationUrn: newUrn("reservation"), status: "CHECKED_IN" })).status).toBe(404);
    // the tenant's booking at another hotel, named under this one
    const elsewhere = await confirmedReservation(database.db, { token: admin, tenant });
    expect((await record(fx.hotelUrn, token, { reservationUrn: elsewhere.reservationUrn, status: "CHECKED_IN" })).status).toBe(404);
    // another airline's booking at this very hotel
    const other = uniqueTenant();
    const theirs = await confirmedReservation(database.db, { token: await roleToken(other, "ADMIN"), tenant: other });
    await database.db.update(reservations).set({ hotelUrn: fx.hotelUrn }).where(eq(reservations.urn, theirs.reservationUrn));
    expect((await record(fx.hotelUrn, token, { reservationUrn: theirs.reservationUrn, status: "CHECKED_IN" })).status).toBe(404);
    expect((await record(fx.hotelUrn, await roleToken(tenant, "AIRPORT_OPERATOR", ["CDG"]), { reservationUrn: fx.reservationUrn, status: "CHECKED_IN" })).json.code).toBe("FORBIDDEN");
    await database.db.update(reservations).set({ status: "CANCELLED", walkedAt: new Date(), walkReason: "OVERBOOKED" }).where(eq(reservations.urn, fx.reservationUrn));
    expect((await record(fx.hotelUrn, token, { reservationUrn: fx.reservationUrn, status: "CHECKED_IN" })).json.code).toBe("INVALID_TRANSITION");
    for (const urn of [fx.reservationUrn, elsewhere.reservationUrn, theirs.reservationUrn]) expect((await row(urn)).arrival).toBeNull();
  });
});
