import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditEntries, hotels, reservations, rideVouchers, transportSegments } from "@/db/schema";
import { systemPrincipal } from "@/lib/auth/principal";
import { newUrn } from "@/lib/ids";
import { arrangeRides } from "@/lib/rides/arrange";
import { apiTestDatabase } from "@/tests/helpers/api";
import { roleToken } from "@/tests/helpers/cases";
import { uniqueTenant } from "@/tests/helpers/factories";
import { sandboxFleet } from "@/tests/helpers/fleet";
import { caseWithStay, configuredRides } from "./helpers";

const database = apiTestDatabase({ airports: true });
const fleet = sandboxFleet();
const provider = configuredRides();

// 23:30 Paris: fetched from the airport at night (a taxi); taken back at ~08:00 for an 11:00 flight (a shuttle)
const MIXED = { departure: "2027-01-10T22:30:00Z", next: "2027-01-11T10:00:00Z" };

/** A chunk of four stays of one case: three at one hotel, one at another. */
async function chunk() {
  const tenant = uniqueTenant();
  const token = await roleToken(tenant, "OPS_SUPERVISOR");
  const c = await caseWithStay(database.db, { token, tenant, ...MIXED, groups: 4 });
  const other = newUrn("hotel");
  await database.db.insert(hotels).values({ urn: other, name: "Hôtel du Matin", address: "1 Rue de Paris, 95700 Roissy", airport: "CDG", latitude: 49.01, longitude: 2.56, stars: 3 });
  await database.db.update(reservations).set({ hotelUrn: other }).where(eq(reservations.urn, c.reservationUrns[3]));
  const ctx = { db: database.db, principal: systemPrincipal(tenant) };
  const arrange = (urns = c.reservationUrns) => arrangeRides(ctx, { caseUrn: c.caseUrn, reservationUrns: urns, confirmedAt: new Date().toISOString() });
  return { ...c, tenant, arrange };
}

const segmentsOf = (caseUrn: string) => database.db.select().from(transportSegments).where(eq(transportSegments.caseUrn, caseUrn));
const ridesOfCase = (caseUrn: string) => database.db.select().from(rideVouchers).where(eq(rideVouchers.caseUrn, caseUrn));

/** Per stay and leg: how many shuttle seats (on a live ride) and how many taxis (issued) it holds. */
async function ridesPerLeg(caseUrn: string, urns: string[]) {
  const segments = (await segmentsOf(caseUrn)).filter((s) => s.status === "PLANNED" || s.status === "ASSIGNED");
  const taxis = (await ridesOfCase(caseUrn)).filter((r) => r.status === "ISSUED");
  return urns.map((u) =>
    (["AIRPORT_TO_HOTEL", "HOTEL_TO_AIRPORT"] as const).map((d) => ({
      shuttle: segments.filter((s) => s.direction === d && s.reservationUrns.includes(u)).length,
      taxi: taxis.filter((t) => t.direction === d && t.reservationUrn === u).length,
    })),
  );
}

describe("a chunk's rides decided at once (lib/rides/arrange.ts)", () => {
  it("stays at two hotels with a night leg (a taxi) and a day leg (a shuttle): one ride per leg, each shuttle asked of the fleet once", async () => {
    const c = await chunk();
    expect(c.transportOwed).toBe(true);
    const arranged = await c.arrange();
    for (const u of c.reservationUrns) expect(arranged[u]).toMatchObject({ live: true, retry: false, decided: true, legs: { AIRPORT_TO_HOTEL: "TAXI", HOTEL_TO_AIRPORT: "SHUTTLE" } });
    // exactly one ride per leg: a taxi to the hotel, a seat back to the airport
    expect(await ridesPerLeg(c.caseUrn, c.reservationUrns)).toEqual(c.reservationUrns.map(() => [{ shuttle: 0, taxi: 1 }, { shuttle: 1, taxi: 0 }]));
    const live = (await segmentsOf(c.caseUrn)).filter((s) => s.status === "ASSIGNED");
    // the day's shuttles: one per hotel (the first hotel's three groups share theirs), each assigned once
    expect(new Set(live.map((s) => s.hotelUrn)).size).toBe(2);
    const assignments = fleet.assignments().filter((a) => live.some((s) => s.urn === a.reference));
    expect(assignments).toHaveLength(live.length);
    // the night's shuttles the taxis replaced are cancelled, never both
    expect((await segmentsOf(c.caseUrn)).filter((s) => s.direction === "AIRPORT_TO_HOTEL").every((s) => s.status === "CANCELLED" && s.cancellationReason === "replaced by taxi vouchers (NIGHT)")).toBe(true);
  }, 60_000);

  it("a replay of the ride step writes nothing and asks no peer: the same answer from the rows", async () => {
    const c = await chunk();
    const first = await c.arrange();
    const before = { rides: await ridesOfCase(c.caseUrn), segments: await segmentsOf(c.caseUrn), vouchers: provider().vouchers().length };
    const audits = async () => (await database.db.select({ urn: auditEntries.urn }).from(auditEntries).where(inArray(auditEntries.entityUrn, [...before.rides.map((r) => r.urn), ...before.segments.map((s) => s.urn)]))).length;
    const auditsBefore = await audits();
    // any call to the fleet or the ride provider now fails: a replay that asked either would say retry
    await fleet.admin("/__sandbox/faults", { next: ["503", "503", "503", "503", "503", "503", "503", "503"] });
    provider().faults.configure({ retryAfterSeconds: 0, next: ["503", "503", "503", "503", "503", "503", "503", "503"] });
    try {
      expect(await c.arrange()).toEqual(first);
      expect(provider().faults.pending()).toHaveLength(8);
    } finally {
      await fleet.admin("/__sandbox/reset");
      provider().faults.reset();
    }
    expect(await ridesOfCase(c.caseUrn)).toEqual(before.rides);
    expect(await segmentsOf(c.caseUrn)).toEqual(before.segments);
    expect(provider().vouchers().length).toBe(before.vouchers);
    expect(await audits()).toBe(auditsBefore);
  }, 60_000);

  it("the fleet failing for one shuttle leaves the others assigned and says retry for the stays on it only; asked again, it is decided", async () => {
    const c = await chunk();
    await fleet.admin("/__sandbox/faults", { next: ["503"] });
    let arranged;
    try {
      arranged = await c.arrange();
    } finally {
      await fleet.admin("/__sandbox/reset");
    }
    const segments = (await segmentsOf(c.caseUrn)).filter((s) => s.direction === "HOTEL_TO_AIRPORT");
    const waiting = segments.filter((s) => s.status === "PLANNED");
    expect(waiting).toHaveLength(1);
    expect(segments.filter((s) => s.status === "ASSIGNED")).toHaveLength(1);
    const onIt = c.reservationUrns.filter((u) => waiting[0].reservationUrns.includes(u));
    for (const u of c.reservationUrns) {
      expect(arranged[u].retry).toBe(onIt.includes(u));
      expect(arranged[u].decided).toBe(!onIt.includes(u));
      // the taxi of the night leg was issued for every stay all the same
      expect(arranged[u].legs.AIRPORT_TO_HOTEL).toBe("TAXI");
    }
    const again = await c.arrange(onIt);
    for (const u of onIt) expect(again[u]).toMatchObject({ retry: false, decided: true, legs: { HOTEL_TO_AIRPORT: "SHUTTLE" } });
    expect(await ridesPerLeg(c.caseUrn, c.reservationUrns)).toEqual(c.reservationUrns.map(() => [{ shuttle: 0, taxi: 1 }, { shuttle: 1, taxi: 0 }]));
  }, 60_000);
});
