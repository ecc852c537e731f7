import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { GET as arrivalsHandler } from "@/app/api/v1/hotels/[hotelUrn]/arrivals/route";
import { POST as createSegmentHandler } from "@/app/api/v1/transport/segments/route";
import { airports, hotels, passengers, reservations } from "@/db/schema";
import { newUrn } from "@/lib/ids";
import { travelMinutes } from "@/lib/transport/plan";
import { transportSettings } from "@/lib/transport/settings";
import { localMoment } from "@/lib/vouchers/local-time";
import { apiTestDatabase, call } from "@/tests/helpers/api";
import { roleToken } from "@/tests/helpers/cases";
import { uniqueTenant } from "@/tests/helpers/factories";
import { confirmedReservation } from "@/tests/helpers/reservations";
import { contractAt, hotelPath, hotelToken } from "./helpers";
import { nightUnderWay } from "@/lib/cases/stay";

const database = apiTestDatabase({ airports: true });
const NIGHT = "2026-11-21";

/** A booked group at a contracted hotel of a new tenant (three Duponts, their needs), with the shuttle from the airport planned. */
async function arrivingGroup() {
  const tenant = uniqueTenant();
  const admin = await roleToken(tenant, "ADMIN");
  const fx = await confirmedReservation(database.db, { token: admin, tenant });
  await contractAt(database.db, tenant, fx.hotelUrn);
  const ride = await call(createSegmentHandler, "/transport/segments", {
    token: admin,
    body: { reservationUrn: fx.reservationUrn, direction: "AIRPORT_TO_HOTEL", scheduledAt: "2026-11-21T19:00:00Z", vehicleType: "WHEELCHAIR_VAN" },
  });
  expect(ride.status, ride.text).toBe(201);
  return { tenant, admin, fx, token: await hotelToken(tenant, fx.hotelUrn) };
}

const arrivals = (hotelUrn: string, token: string, date?: string) =>
  call(arrivalsHandler, hotelPath(hotelUrn, "arrivals"), { token, params: { hotelUrn }, ...(date ? { query: { date } } : {}) });

describe("GET /hotels/{hotelUrn}/arrivals", () => {
  it("lists the night's groups as the desk needs them: names, rooms, needs, the shuttle's arrival; nothing else about the passengers", async () => {
    const { fx, token } = await arrivingGroup();
    const res = await arrivals(fx.hotelUrn, token, NIGHT);
    expect(res.status).toBe(200);
    const [hotel] = await database.db.select().from(hotels).where(eq(hotels.urn, fx.hotelUrn));
    const [cdg] = await database.db.select().from(airports).where(eq(airports.iata, "CDG"));
    const estimate = new Date(Date.parse("2026-11-21T19:00:00Z") + travelMinutes(cdg, hotel, transportSettings()) * 60_000);
    expect(res.json).toMatchObject({ hotelUrn: fx.hotelUrn, hotelName: "Hôtel du Terminal", date: NIGHT, timeZone: "Europe/Paris", rooms: 2, guests: 3 });
    expect(res.json.arrivals).toEqual([
      {
        reservationUrn: fx.reservationUrn,
        confirmationCode: "HB-778812",
        provider: "HOTELBEDS",
        status: "CONFIRMED",
        rooms: 2,
        checkIn: NIGHT,
        checkOut: "2026-11-22",
        guests: ["DUPONT, Amélie", "DUPONT, Jean", "DUPONT, Lou"],
        specialNeeds: ["WHEELCHAIR", "CONNECTING_ROOMS", "EARLY_CHECK_IN"],
        arrivalEstimate: estimate.toISOString(),
        arrivalEstimateLocal: localMoment(estimate, "Europe/Paris").time,
        hotelConfirmation: null,
        arrival: null,
      },
    ]);
    // no contacts, no PNR, no flight
    for (const hidden of ["amelie@example.com", "VCHR01", "AF1234", "AF1236", fx.caseUrn]) expect(res.text).not.toContain(hidden);
  });

  it("shows only the tenant's live, unwalked bookings at that hotel checking in that night", async () => {
    const { tenant, admin, fx, token } = await arrivingGroup();
    // the same hotel, another airline: its guests are never shown
    const other = uniqueTenant();
    const theirs = await confirmedReservation(database.db, { token: await roleToken(other, "ADMIN"), tenant: other });
    await database.db.update(reservations).set({ hotelUrn: fx.hotelUrn }).where(eq(reservations.urn, theirs.reservationUrn));
    // the tenant's booking at another hotel, one walked, one the night after
    const elsewhere = await confirmedReservation(database.db, { token: admin, tenant });
    const walked = await confirmedReservation(database.db, { token: admin, tenant });
    await database.db.update(reservations).set({ hotelUrn: fx.hotelUrn, status: "CANCELLED", walkedAt: new Date(), walkReason: "OVERBOOKED" }).where(eq(reservations.urn, walked.reservationUrn));
    const later = await confirmedReservation(database.db, { token: admin, tenant });
    await database.db
      .update(reservations)
      .set({ hotelUrn: fx.hotelUrn, checkIn: new Date("2026-11-22T18:05:00Z"), checkOut: new Date("2026-11-23T09:30:00Z") })
      .where(eq(reservations.urn, later.reservationUrn));

    const res = await arrivals(fx.hotelUrn, token, NIGHT);
    expect(res.json.arrivals.map((a: { reservationUrn: string }) => a.reservationUrn)).toEqual([fx.reservationUrn]);
    for (const hidden of [theirs.reservationUrn, elsewhere.reservationUrn, walked.reservationUrn]) expect(res.text).not.toContain(hidden);
    expect((await arrivals(fx.hotelUrn, token, "2026-11-22")).json.arrivals.map((a: { reservationUrn: string }) => a.reservationUrn)).toEqual([later.reservationUrn]);
    // the other airline's staff at that hotel see their own guest, not ours
    const theirOps = await roleToken(other, "OPS_SUPERVISOR", ["CDG"]);
    const seen = await arrivals(fx.hotelUrn, theirOps, NIGHT);
    expect(seen.json.arrivals.map((a: { reservationUrn: string }) => a.reservationUrn)).toEqual([theirs.reservationUrn]);
  });

  it("an erased passenger keeps the place under \"(name erased)\"; the night defaults to tonight at the hotel", async () => {
    const { fx, token } = await arrivingGroup();
    await database.db
      .update(passengers)
      .set({ firstName: null, lastName: null, email: null, erasedAt: new Date() })
      .where(and(eq(passengers.caseUrn, fx.caseUrn), eq(passengers.passengerId, "VP-2")));
    const res = await arrivals(fx.hotelUrn, token, NIGHT);
    expect(res.json.arrivals[0].guests).toEqual(["DUPONT, Amélie", "(name erased)", "DUPONT, Lou"]);
    const tonight = await arrivals(fx.hotelUrn, token);
    // the night the desk is working: between midnight and the night's end, still the evening before's
    expect(tonight.json.date).toBe(nightUnderWay(new Date(), "Europe/Paris"));
    expect(tonight.json.arrivals).toEqual([]);
    expect((await arrivals(fx.hotelUrn, token, "21/11/2026")).status).toBe(422);
  });

  it("role × hotel × tenant: the hotel's user and staff of its airport read; another hotel's user 403, another airline's 404", async () => {
    const { tenant, fx } = await arrivingGroup();
    for (const t of [await roleToken(tenant, "OPS_SUPERVISOR", ["CDG"]), await roleToken(tenant, "ADMIN", ["CDG"])]) {
      expect((await arrivals(fx.hotelUrn, t, NIGHT)).json.arrivals).toHaveLength(1);
    }
    const refused = async (token: string) => (await arrivals(fx.hotelUrn, token, NIGHT)).json;
    expect(await refused(await roleToken(tenant, "AIRPORT_OPERATOR", ["CDG"]))).toMatchObject({ status: 403, code: "FORBIDDEN" });
    expect(await refused(await roleToken(tenant, "FEED", ["CDG"]))).toMatchObject({ status: 403, code: "FORBIDDEN" });
    expect(await refused(await roleToken(tenant, "OPS_SUPERVISOR", ["LHR"]))).toMatchObject({ status: 403, code: "OUT_OF_SCOPE" });
    expect(await refused(await hotelToken(tenant, newUrn("hotel")))).toMatchObject({ status: 403, code: "OUT_OF_SCOPE" });
    // a user of the same hotel for another airline: that airline has no contract there
    expect(await refused(await hotelToken(uniqueTenant(), fx.hotelUrn))).toMatchObject({ status: 404 });
  });
});
