import { and, eq } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { PUT as inventoryHandler } from "@/app/api/v1/hotels/[hotelUrn]/inventory/route";
import { auditEntries, directContracts, hotelInventory, hotels, offerCache } from "@/db/schema";
import { seedDirectContracts } from "@/db/seed/direct-contracts";
import { systemPrincipal } from "@/lib/auth/principal";
import { closePool } from "@/lib/pool";
import { directProvider } from "@/lib/providers/direct/client";
import { localMoment } from "@/lib/vouchers/local-time";
import { apiTestDatabase, call } from "@/tests/helpers/api";
import { casePayload, roleToken } from "@/tests/helpers/cases";
import { uniqueTenant } from "@/tests/helpers/factories";
import { sandboxProviders } from "@/tests/helpers/providers";
import { allocate, approvedCase, bookingRunner, bookingTenant, reservationsOf, steerAll, waveOf } from "../booking/helpers";
import { contractAt, hotelPath, hotelToken } from "./helpers";

const database = apiTestDatabase({ airports: true });
const sandboxes = sandboxProviders();
afterAll(() => closePool());
beforeEach(() => sandboxes.reset());

const DAY = 86_400_000;
/** A Paris calendar date `days` from now. */
const parisDate = (days: number) => localMoment(new Date(Date.now() + days * DAY), "Europe/Paris").date;

/** A tenant with its direct contracts at CDG and one of them (a hotel taking the guarantee) for the hotel's user. */
async function contractedHotel() {
  const { tenant, token } = await bookingTenant(database.db);
  await seedDirectContracts(database.db, tenant);
  const [hotel] = await database.db
    .select({ urn: hotels.urn, rate: directContracts.nightlyRate })
    .from(directContracts)
    .innerJoin(hotels, eq(hotels.urn, directContracts.hotelUrn))
    .where(and(eq(directContracts.tenant, tenant), eq(hotels.airport, "CDG"), eq(hotels.acceptsGuarantee, true), eq(hotels.stars, 4)))
    .limit(1);
  expect(hotel).toBeDefined();
  return { tenant, token, hotelUrn: hotel.urn, contractRate: hotel.rate, hotelUser: await hotelToken(tenant, hotel.urn) };
}

const put = (hotelUrn: string, token: string, body: unknown) => call(inventoryHandler, hotelPath(hotelUrn, "inventory"), { method: "PUT", token, params: { hotelUrn }, body });

describe("PUT /hotels/{hotelUrn}/inventory", () => {
  it("rooms the hotel adds are offered by the DIRECT source at its rate and booked by the next wave, from the night's inventory", async () => {
    const { tenant, token, hotelUrn, hotelUser } = await contractedHotel();
    // the contracts are full: without the hotel's word there is no direct room tonight
    await database.db.update(directContracts).set({ roomsAvailable: 0 }).where(eq(directContracts.tenant, tenant));
    const night = parisDate(1);
    const res = await put(hotelUrn, hotelUser, { date: night, rooms: 12, nightlyRate: 79 });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ hotelUrn, date: night, rooms: 12, nightlyRate: 79, currency: "EUR" });

    // a flight cancelled tomorrow evening at CDG: its stay checks in on that night
    const departure = new Date(`${night}T18:05:00Z`).toISOString();
    const next = new Date(Date.parse(departure) + 15 * 3_600_000).toISOString();
    const { caseUrn } = await approvedCase(token, casePayload({ flight: { number: "AF1234", origin: "CDG", destination: "JFK", scheduledDeparture: departure, status: "CANCELLED" }, nextFlight: { number: "AF1236", scheduledDeparture: next } }));
    await allocate(database.db);
    const wave = await waveOf(database.db, caseUrn);
    const offers = wave.rankingInputs as { provider: string; hotelUrn: string; roomsAvailable: number; nightlyRate: { amount: number } | number }[];
    const direct = offers.filter((o) => o.provider === "DIRECT");
    expect(new Set(direct.map((o) => o.hotelUrn))).toEqual(new Set([hotelUrn]));
    expect(direct.every((o) => o.roomsAvailable === 12)).toBe(true);

    await steerAll(database.db, tenant, caseUrn, "DIRECT");
    await bookingRunner(database.db).tick();
    const booked = await reservationsOf(database.db, caseUrn, "CONFIRMED");
    expect(booked.length).toBeGreaterThan(0);
    expect(booked.every((r) => r.provider === "DIRECT" && r.hotelUrn === hotelUrn)).toBe(true);
    const rooms = booked.reduce((n, r) => n + r.rooms, 0);
    const [inventory] = await database.db.select().from(hotelInventory).where(and(eq(hotelInventory.tenant, tenant), eq(hotelInventory.hotelUrn, hotelUrn), eq(hotelInventory.date, night)));
    expect(inventory.rooms).toBe(12 - rooms);
    const [contract] = await database.db.select().from(directContracts).where(and(eq(directContracts.tenant, tenant), eq(directContracts.hotelUrn, hotelUrn)));
    expect(contract.roomsAvailable).toBe(0);
    // booked at the hotel's rate for that night: rooms × 79 for the one night
    expect(booked.reduce((n, r) => n + r.total.amount, 0)).toBeCloseTo(rooms * 79, 2);
  });

  it("concurrent bookings of the night never take more rooms than the hotel set; a cancel gives them back to the night", async () => {
    const { tenant, hotelUrn, hotelUser } = await contractedHotel();
    const night = parisDate(1);
    expect((await put(hotelUrn, hotelUser, { date: night, rooms: 3, nightlyRate: 70 })).status).toBe(200);
    const direct = directProvider({ db: database.db, principal: systemPrincipal(tenant, "test") });
    const stay = { offerId: `direct:${hotelUrn}`, providerHotelId: hotelUrn, checkIn: night, checkOut: parisDate(2), rooms: 1, guests: [], payment: { method: "GUARANTEE" as const } };
    const results = await Promise.allSettled(Array.from({ length: 6 }, (_, i) => direct.book({ ...stay, clientReference: `night-${tenant}-${i}` })));
    const booked = results.filter((r) => r.status === "fulfilled").map((r) => (r as PromiseFulfilledResult<Awaited<ReturnType<typeof direct.book>>>).value);
    expect(booked).toHaveLength(3);
    expect(booked.every((b) => b.nightlyRate === 70)).toBe(true);
    const roomsLeft = async () => (await database.db.select().from(hotelInventory).where(and(eq(hotelInventory.tenant, tenant), eq(hotelInventory.hotelUrn, hotelUrn), eq(hotelInventory.date, night))))[0].rooms;
    expect(await roomsLeft()).toBe(0);
    await direct.cancel({ reference: booked[0].reference, reason: "test" });
    expect(await roomsLeft()).toBe(1);
  });

  it("changes are audited before → after; the contract's rate when none is given; other sources' cached offers stay (DIRECT is never cached)", async () => {
    const { tenant, hotelUrn, hotelUser, contractRate } = await contractedHotel();
    const night = parisDate(2);
    await database.db.insert(offerCache).values({ tenant, airport: "CDG", provider: "HOTELBEDS", checkIn: night, checkOut: parisDate(3), occupancy: "1x2", offers: [], fetchedAt: new Date(), expiresAt: new Date(Date.now() + DAY) });
    expect((await put(hotelUrn, hotelUser, { date: night, rooms: 5 })).json).toMatchObject({ rooms: 5, nightlyRate: contractRate, contractRate });
    expect((await database.db.select().from(offerCache).where(eq(offerCache.tenant, tenant))).map((c) => c.provider)).toEqual(["HOTELBEDS"]);
    expect((await put(hotelUrn, hotelUser, { date: night, rooms: 2, nightlyRate: 95 })).json).toMatchObject({ rooms: 2, nightlyRate: 95 });
    const entries = await database.db.select().from(auditEntries).where(and(eq(auditEntries.entityUrn, hotelUrn), eq(auditEntries.action, "set-inventory"), eq(auditEntries.tenant, tenant)));
    expect(entries).toHaveLength(2);
    const second = entries.find((e) => e.changes.some((c) => c.field === "rooms" && c.before === 5))!;
    expect(second.changes).toEqual(expect.arrayContaining([expect.objectContaining({ field: "rooms", before: 5, after: 2 }), expect.objectContaining({ field: "nightlyRate", before: null, after: 95 })]));
  });

  it("a past night, negative rooms, a rate of 0 or an absurd one are 422 and change nothing; no contract of the tenant 404", async () => {
    const { tenant, hotelUrn, hotelUser, contractRate } = await contractedHotel();
    const bad = [
      // before the night under way (until 05:00 in Paris that is yesterday's: always over two days back)
      { date: parisDate(-2), rooms: 3 },
      { date: parisDate(1), rooms: -1 },
      { date: parisDate(1), rooms: 3, nightlyRate: 0 },
      { date: parisDate(1), rooms: 3, nightlyRate: -20 },
      { date: parisDate(1), rooms: 3, nightlyRate: contractRate * 11 },
      { date: parisDate(1), rooms: 2.5 },
      { date: "tomorrow", rooms: 3 },
      { date: parisDate(400), rooms: 3 },
    ];
    for (const body of bad) {
      const res = await put(hotelUrn, hotelUser, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
    }
    expect(await database.db.select().from(hotelInventory).where(eq(hotelInventory.tenant, tenant))).toEqual([]);
    expect(await database.db.select().from(auditEntries).where(and(eq(auditEntries.tenant, tenant), eq(auditEntries.action, "set-inventory")))).toEqual([]);
    // staff may set it for their airport's contracted hotels; a hotel the tenant has no contract with is not found
    expect((await put(hotelUrn, await roleToken(tenant, "OPS_SUPERVISOR", ["CDG"]), { date: parisDate(0), rooms: 1 })).status).toBe(200);
    const other = uniqueTenant();
    expect((await put(hotelUrn, await roleToken(other, "ADMIN"), { date: parisDate(0), rooms: 1 })).status).toBe(404);
    await contractAt(database.db, other, hotelUrn);
    expect((await put(hotelUrn, await hotelToken(other, hotelUrn), { date: parisDate(0), rooms: 1 })).status).toBe(200);
    // each airline's night is its own
    const rows = await database.db.select().from(hotelInventory).where(and(eq(hotelInventory.hotelUrn, hotelUrn), eq(hotelInventory.date, parisDate(0))));
    expect(rows.filter((r) => r.tenant === tenant || r.tenant === other).map((r) => r.tenant).sort()).toEqual([tenant, other].sort());
  });
});
