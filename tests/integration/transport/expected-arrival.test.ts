import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { airports, hotels, transportSegments } from "@/db/schema";
import { systemPrincipal } from "@/lib/auth/principal";
import { newUrn } from "@/lib/ids";
import { expectedArrivals } from "@/lib/transport/expected-arrival";
import { travelMinutes } from "@/lib/transport/plan";
import { transportSettings } from "@/lib/transport/settings";
import { apiTestDatabase } from "@/tests/helpers/api";
import { roleToken } from "@/tests/helpers/cases";
import { uniqueTenant } from "@/tests/helpers/factories";
import { confirmedReservation, type ReservationFixture } from "@/tests/helpers/reservations";

const database = apiTestDatabase({ airports: true });
const HOUR = 3600_000;

async function ride(tenant: string, fx: ReservationFixture, at: Date, status: "PLANNED" | "CANCELLED" = "PLANNED") {
  await database.db.insert(transportSegments).values({
    urn: newUrn("segment"),
    tenant,
    caseUrn: fx.caseUrn,
    airport: "CDG",
    reservationUrns: [fx.reservationUrn],
    direction: "AIRPORT_TO_HOTEL",
    scheduledAt: at,
    vehicleType: "SHUTTLE",
    status,
  });
}

describe("expectedArrivals", () => {
  it("answers for a list at once: the earliest pickup of a ride not cancelled, plus the ride to the hotel; nothing without a ride", async () => {
    const tenant = uniqueTenant();
    const token = await roleToken(tenant, "ADMIN");
    const [a, b, none] = [await confirmedReservation(database.db, { token, tenant }), await confirmedReservation(database.db, { token, tenant }), await confirmedReservation(database.db, { token, tenant })];
    const soon = new Date(Date.now() + 2 * HOUR);
    await ride(tenant, a, new Date(soon.getTime() + HOUR));
    await ride(tenant, a, soon);
    // a cancelled ride earlier still is not how they come
    await ride(tenant, a, new Date(soon.getTime() - HOUR), "CANCELLED");
    await ride(tenant, b, new Date(soon.getTime() + 2 * HOUR));

    const ctx = { db: database.db, principal: systemPrincipal(tenant, "test") };
    const got = await expectedArrivals(ctx, [a.reservationUrn, b.reservationUrn, none.reservationUrn]);
    const [airport] = await database.db.select().from(airports).where(eq(airports.iata, "CDG"));
    const minutes = async (hotelUrn: string) => travelMinutes(airport, (await database.db.select().from(hotels).where(eq(hotels.urn, hotelUrn)))[0], transportSettings());
    expect(got.get(a.reservationUrn)).toEqual({ pickupAt: soon, arrivalAt: new Date(soon.getTime() + (await minutes(a.hotelUrn)) * 60_000) });
    const later = new Date(soon.getTime() + 2 * HOUR);
    expect(got.get(b.reservationUrn)).toEqual({ pickupAt: later, arrivalAt: new Date(later.getTime() + (await minutes(b.hotelUrn)) * 60_000) });
    expect((await minutes(a.hotelUrn)) > 0).toBe(true);
    expect(got.has(none.reservationUrn)).toBe(false);
    // another tenant's caller learns nothing of them
    expect((await expectedArrivals({ db: database.db, principal: systemPrincipal(uniqueTenant(), "test") }, [a.reservationUrn])).size).toBe(0);
    expect((await expectedArrivals(ctx, [])).size).toBe(0);
  });
});
