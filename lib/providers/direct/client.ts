import { and, eq, gte, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { directBookings, directContracts, hotelInventory, hotels } from "@/db/schema";
import { isUniqueViolation } from "@/db/unique-violation";
import { type Ctx, tenantOf } from "@/lib/context";
import { newId } from "@/lib/ids";
import type { Amenity } from "@/lib/vocabulary";
import { ProviderRejected } from "../errors";
import type { Offer } from "../offer";
import { type BookRequest, type HotelProvider, nightsBetween, type ProviderBooking, type SearchQuery, type StayDates } from "../types";
import { distanceKm } from "../world";

const PROVIDER = "DIRECT" as const;

/**
 * The tenant's direct contracts as a hotel source: negotiated rate and room allotment per hotel,
 * in our database. Booking takes rooms from the allotment in a guarded UPDATE (no overselling
 * under concurrent bookings); cancelling gives them back. Always cancellable and modifiable.
 * A night the hotel set in the extranet (hotel_inventory, lib/extranet/set-inventory.ts) replaces
 * the allotment and rate for stays checking in that night: its rooms are offered and taken instead.
 */
export function directProvider(ctx: Ctx): HotelProvider {
  const tenant = tenantOf(ctx);

  const load = async (reference: string, db: DbOrTx = ctx.db) => {
    const [row] = await db.select().from(directBookings).where(and(eq(directBookings.tenant, tenant), eq(directBookings.reference, reference))).limit(1);
    if (!row) throw new ProviderRejected(PROVIDER, "BOOKING_NOT_FOUND", `no direct booking ${reference}`, 404);
    return row;
  };

  /**
   * Takes rooms for a stay checking in on `checkIn`: from the hotel's own figure for that night if
   * it set one, else from the contract's allotment. Each is a guarded UPDATE against concurrent
   * bookings: no row back means not enough rooms left. Answers the rate and currency booked at and
   * the pool the rooms came from (the night's date, or null for the allotment), which the booking
   * records so that a cancel gives them back there.
   */
  const takeRooms = async (tx: DbOrTx, hotelUrn: string, checkIn: string, rooms: number) => {
    const [contract] = await tx.select().from(directContracts).where(and(eq(directContracts.tenant, tenant), eq(directContracts.hotelUrn, hotelUrn))).limit(1);
    if (!contract) return null;
    const night = and(eq(hotelInventory.tenant, tenant), eq(hotelInventory.hotelUrn, hotelUrn), eq(hotelInventory.date, checkIn));
    const [set] = await tx.select({ rooms: hotelInventory.rooms }).from(hotelInventory).where(night).limit(1);
    if (set) {
      const [taken] = await tx
        .update(hotelInventory)
        .set({ rooms: sql`${hotelInventory.rooms} - ${rooms}` })
        .where(and(night, gte(hotelInventory.rooms, rooms)))
        .returning();
      return taken ? { nightlyRate: taken.nightlyRate ?? contract.nightlyRate, currency: contract.currency, inventoryDate: checkIn } : null;
    }
    const [taken] = await tx
      .update(directContracts)
      .set({ roomsAvailable: sql`${directContracts.roomsAvailable} - ${rooms}` })
      .where(and(eq(directContracts.tenant, tenant), eq(directContracts.hotelUrn, hotelUrn), gte(directContracts.roomsAvailable, rooms)))
      .returning();
    return taken ? { nightlyRate: taken.nightlyRate, currency: taken.currency, inventoryDate: null } : null;
  };

  /**
   * A cancelled booking's rooms go back to the pool it took them from (recorded at booking), not
   * to whichever pool its night has now: a booking from the allotment, cancelled after the hotel
   * set that night in the extranet, returns its rooms to the contract, and the night's figure stays
   * what the hotel said. The night's row is never deleted, so its update always finds it.
   */
  const giveRoomsBack = async (tx: DbOrTx, row: typeof directBookings.$inferSelect) => {
    if (row.inventoryDate) {
      await tx
        .update(hotelInventory)
        .set({ rooms: sql`${hotelInventory.rooms} + ${row.rooms}` })
        .where(and(eq(hotelInventory.tenant, tenant), eq(hotelInventory.hotelUrn, row.hotelUrn), eq(hotelInventory.date, row.inventoryDate)));
      return;
    }
    await tx
      .update(directContracts)
      .set({ roomsAvailable: sql`${directContracts.roomsAvailable} + ${row.rooms}` })
      .where(and(eq(directContracts.tenant, tenant), eq(directContracts.hotelUrn, row.hotelUrn)));
  };

  const provider: HotelProvider = {
    id: PROVIDER,
    capabilities: { cancel: true, modify: true },

    async search(q: SearchQuery): Promise<Offer[]> {
      const rows = await ctx.db
        .select({ contract: directContracts, hotel: hotels, night: hotelInventory })
        .from(directContracts)
        .innerJoin(hotels, eq(hotels.urn, directContracts.hotelUrn))
        .leftJoin(hotelInventory, and(eq(hotelInventory.tenant, directContracts.tenant), eq(hotelInventory.hotelUrn, directContracts.hotelUrn), eq(hotelInventory.date, q.checkIn)))
        .where(and(eq(directContracts.tenant, tenant), eq(hotels.airport, q.airport)));
      const from = Date.parse(`${q.checkIn}T00:00:00Z`);
      const to = Date.parse(`${q.checkOut}T00:00:00Z`);
      return rows
        .map(({ contract, hotel, night }) => ({ hotel, c: night ? { ...contract, roomsAvailable: night.rooms, nightlyRate: night.nightlyRate ?? contract.nightlyRate } : contract }))
        .filter(({ c, hotel: h }) => c.roomsAvailable >= 1 && (!c.validFrom || c.validFrom.getTime() <= from) && (!c.validTo || c.validTo.getTime() >= to) && distanceKm(q, h) <= q.radiusKm)
        .map(({ c, hotel: h }) => ({
          provider: PROVIDER,
          offerId: `direct:${h.urn}`,
          providerHotelId: h.urn,
          hotelKey: h.hotelKey,
          hotelUrn: h.urn,
          chainId: h.chainId,
          name: h.name,
          address: h.address,
          phone: h.phone,
          latitude: h.latitude,
          longitude: h.longitude,
          stars: h.stars,
          amenities: h.amenities as Amenity[],
          nightlyRate: c.nightlyRate,
          currency: c.currency,
          roomsAvailable: c.roomsAvailable,
          accessibleRoomsAvailable: Math.min(c.accessibleRooms, c.roomsAvailable),
          acceptedPayments: h.acceptsGuarantee ? ["GUARANTEE", "CARD"] : ["CARD"],
          cancellable: true,
        }));
    },

    async book(r: BookRequest): Promise<ProviderBooking> {
      const hotelUrn = r.providerHotelId;
      const existing = await provider.findByReference(r.clientReference);
      if (existing) return existing;
      try {
        return await ctx.db.transaction(async (tx) => {
          const [hotel] = await tx.select({ acceptsGuarantee: hotels.acceptsGuarantee }).from(hotels).where(eq(hotels.urn, hotelUrn)).limit(1);
          if (!hotel) throw new ProviderRejected(PROVIDER, "CONTRACT_NOT_FOUND", `no direct contract at ${hotelUrn}`, 404);
          if (r.payment.method === "GUARANTEE" && !hotel.acceptsGuarantee) throw new ProviderRejected(PROVIDER, "PAYMENT_NOT_ACCEPTED", "the hotel does not accept a corporate guarantee");
          const contract = await takeRooms(tx, hotelUrn, r.checkIn, r.rooms);
          if (!contract) throw new ProviderRejected(PROVIDER, "SOLD_OUT", `fewer than ${r.rooms} rooms left on the direct contract`, 409);
          const [row] = await tx
            .insert(directBookings)
            .values({
              reference: `D-${newId().slice(-12).toUpperCase()}`,
              tenant,
              clientReference: r.clientReference,
              hotelUrn,
              checkIn: r.checkIn,
              checkOut: r.checkOut,
              rooms: r.rooms,
              nightlyRate: contract.nightlyRate,
              currency: contract.currency,
              status: "CONFIRMED",
              paymentMethod: r.payment.method,
              inventoryDate: contract.inventoryDate,
            })
            .returning();
          return toBooking(row);
        });
      } catch (err) {
        // a concurrent booking under the same reference won: answer that one
        if (isUniqueViolation(err)) {
          const winner = await provider.findByReference(r.clientReference);
          if (winner) return winner;
        }
        throw err;
      }
    },

    async findByReference(clientReference: string): Promise<ProviderBooking | null> {
      const [row] = await ctx.db.select().from(directBookings).where(and(eq(directBookings.tenant, tenant), eq(directBookings.clientReference, clientReference))).limit(1);
      return row ? toBooking(row) : null;
    },

    async modify(input: { reference: string } & StayDates): Promise<ProviderBooking> {
      if (!(nightsBetween(input) >= 1)) throw new ProviderRejected(PROVIDER, "INVALID_DATES", "checkOut must be after checkIn", 400);
      // the allotment counts rooms, not nights: moving the dates keeps the same rooms, and the
      // booking keeps the pool of its original night (inventory_date is left as it is), so a later
      // cancel gives the rooms back to the pool they were really taken from
      const [row] = await ctx.db
        .update(directBookings)
        .set({ checkIn: input.checkIn, checkOut: input.checkOut })
        .where(and(eq(directBookings.tenant, tenant), eq(directBookings.reference, input.reference), eq(directBookings.status, "CONFIRMED")))
        .returning();
      if (!row) {
        await load(input.reference);
        throw new ProviderRejected(PROVIDER, "BOOKING_CANCELLED", "the booking is cancelled", 409);
      }
      return toBooking(row);
    },

    async cancel(input: { reference: string; reason: string }): Promise<ProviderBooking> {
      return ctx.db.transaction(async (tx) => {
        // only the first cancel restores the rooms; a repeat answers the cancelled booking
        const [row] = await tx
          .update(directBookings)
          .set({ status: "CANCELLED", cancelReason: input.reason })
          .where(and(eq(directBookings.tenant, tenant), eq(directBookings.reference, input.reference), eq(directBookings.status, "CONFIRMED")))
          .returning();
        // inside the transaction only tx may query: PGlite has one connection
        if (!row) return toBooking(await load(input.reference, tx));
        await giveRoomsBack(tx, row);
        return toBooking(row);
      });
    },

    async status(reference: string): Promise<ProviderBooking> {
      return toBooking(await load(reference));
    },
  };
  return provider;
}

function toBooking(row: typeof directBookings.$inferSelect): ProviderBooking {
  const nights = Math.max(1, nightsBetween(row));
  return {
    provider: PROVIDER,
    reference: row.reference,
    clientReference: row.clientReference,
    confirmationCode: row.reference,
    status: row.status,
    providerHotelId: row.hotelUrn,
    checkIn: row.checkIn,
    checkOut: row.checkOut,
    rooms: row.rooms,
    nightlyRate: row.nightlyRate,
    totalAmount: Math.round(row.nightlyRate * nights * row.rooms * 100) / 100,
    currency: row.currency,
  };
}
