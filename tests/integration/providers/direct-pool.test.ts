import { and, eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { PUT as inventoryHandler } from "@/app/api/v1/hotels/[hotelUrn]/inventory/route";
import { directBookings, directContracts, hotelInventory, hotels } from "@/db/schema";
import { seedDirectContracts } from "@/db/seed/direct-contracts";
import { systemPrincipal } from "@/lib/auth/principal";
import { closePool } from "@/lib/pool";
import { directProvider } from "@/lib/providers/direct/client";
import { localMoment } from "@/lib/vouchers/local-time";
import { apiTestDatabase, call } from "@/tests/helpers/api";
import { uniqueTenant } from "@/tests/helpers/factories";
import { hotelPath, hotelToken } from "../extranet/helpers";

const database = apiTestDatabase({ airports: true });
afterAll(() => closePool());

const DAY = 86_400_000;
/** A Paris calendar date `days` from now. */
const parisDate = (days: number) => localMoment(new Date(Date.now() + days * DAY), "Europe/Paris").date;

/** A tenant's direct contract at one CDG hotel, its DIRECT source, and the pools a booking can take rooms from. */
async function contractedHotel() {
  const tenant = uniqueTenant();
  await seedDirectContracts(database.db, tenant);
  const [hotel] = await database.db
    .select({ urn: hotels.urn })
    .from(directContracts)
    .innerJoin(hotels, eq(hotels.urn, directContracts.hotelUrn))
    .where(and(eq(directContracts.tenant, tenant), eq(hotels.airport, "CDG")))
    .limit(1);
  const hotelUrn = hotel.urn;
  await database.db.update(directContracts).set({ roomsAvailable: 10 }).where(and(eq(directContracts.tenant, tenant), eq(directContracts.hotelUrn, hotelUrn)));
  const direct = directProvider({ db: database.db, principal: systemPrincipal(tenant, "test") });
  const setNight = async (date: string, rooms: number) => {
    const res = await call(inventoryHandler, hotelPath(hotelUrn, "inventory"), { method: "PUT", token: await hotelToken(tenant, hotelUrn), params: { hotelUrn }, body: { date, rooms } });
    expect(res.status).toBe(200);
  };
  const contractRooms = async () => (await database.db.select().from(directContracts).where(and(eq(directContracts.tenant, tenant), eq(directContracts.hotelUrn, hotelUrn))))[0].roomsAvailable;
  const nightRooms = async (date: string) => (await database.db.select().from(hotelInventory).where(and(eq(hotelInventory.tenant, tenant), eq(hotelInventory.hotelUrn, hotelUrn), eq(hotelInventory.date, date))))[0]?.rooms;
  const booking = async (reference: string) => (await database.db.select().from(directBookings).where(eq(directBookings.reference, reference)))[0];
  const stay = (checkIn: string, checkOut: string, rooms: number, clientReference: string) => ({ offerId: `direct:${hotelUrn}`, providerHotelId: hotelUrn, checkIn, checkOut, rooms, guests: [], payment: { method: "CARD" as const }, clientReference });
  return { tenant, hotelUrn, direct, setNight, contractRooms, nightRooms, booking, stay };
}

describe("a direct booking's rooms go back to the pool they were taken from", () => {
  it("booked from the contract, the hotel then sets that night, cancelled: the contract gets its rooms back, the night does not", async () => {
    const h = await contractedHotel();
    const night = parisDate(1);
    const booked = await h.direct.book(h.stay(night, parisDate(2), 3, `pool-${h.tenant}-1`));
    expect(await h.contractRooms()).toBe(7);
    expect((await h.booking(booked.reference)).inventoryDate).toBeNull();

    await h.setNight(night, 5);
    await h.direct.cancel({ reference: booked.reference, reason: "test" });
    expect(await h.contractRooms()).toBe(10);
    expect(await h.nightRooms(night)).toBe(5);
    // a repeated cancel gives nothing back twice
    await h.direct.cancel({ reference: booked.reference, reason: "again" });
    expect(await h.contractRooms()).toBe(10);
    expect(await h.nightRooms(night)).toBe(5);
  });

  it("booked from the night the hotel set, moved to other dates, cancelled: the rooms go back to that night, not to the contract or the new night", async () => {
    const h = await contractedHotel();
    const night = parisDate(1);
    const later = parisDate(3);
    await h.setNight(night, 4);
    await h.setNight(later, 6);
    const booked = await h.direct.book(h.stay(night, parisDate(2), 2, `pool-${h.tenant}-2`));
    expect(await h.nightRooms(night)).toBe(2);
    expect((await h.booking(booked.reference)).inventoryDate).toBe(night);

    await h.direct.modify({ reference: booked.reference, checkIn: later, checkOut: parisDate(4) });
    await h.direct.cancel({ reference: booked.reference, reason: "test" });
    expect(await h.nightRooms(night)).toBe(4);
    expect(await h.nightRooms(later)).toBe(6);
    expect(await h.contractRooms()).toBe(10);
  });
});
