import { and, asc, eq, inArray } from "drizzle-orm";
import { airports, hotels, passengerGroups, reservations } from "@/db/schema";
import { loadWave } from "@/lib/allocation/load";
import { requirePermission } from "@/lib/auth/require";
import type { Ctx } from "@/lib/context";
import { localMoment, nightsBetweenDates } from "@/lib/vouchers/local-time";
import type { ReservationStatus } from "@/lib/vocabulary";
import { groupKey, type RoomingGuest, roomingGuests } from "./rooming-guests";

export type { RoomingGuest } from "./rooming-guests";
export type RoomingGroup = {
  pnr: string;
  groupId: string;
  rooms: number;
  status: ReservationStatus;
  confirmationCode: string | null;
  guests: RoomingGuest[];
};
export type RoomingHotel = {
  hotelUrn: string;
  name: string;
  phone: string | null;
  address: string | null;
  checkIn: string;
  checkOut: string;
  nights: number;
  rooms: number;
  guests: number;
  groups: RoomingGroup[];
};
export type RoomingList = { waveUrn: string; caseUrn: string; flightNumber: string; airport: string; timeZone: string; hotels: RoomingHotel[] };

/** Reservations a hotel desk should expect: booked, or still being booked. Cancelled and failed ones are not guests. */
const EXPECTED: ReservationStatus[] = ["CONFIRMED", "PENDING", "CHECKED_OUT"];

/**
 * The rooming list of a wave, per hotel, as the front desk needs it: each group's PNR and guests'
 * names, rooms, special needs, the stay in the airport's local time and the confirmation number.
 * Read with the wave's visibility rules (its case's tenant and airport scope).
 */
export async function roomingList({ ctx, input }: { ctx: Ctx; input: { waveUrn: string; hotelUrn?: string } }): Promise<RoomingList> {
  requirePermission(ctx, "read", "read rooming lists");
  const { wave, row } = await loadWave(ctx, input.waveUrn);
  const where = [eq(reservations.tenant, ctx.principal.tenant), eq(reservations.waveUrn, wave.urn), inArray(reservations.status, EXPECTED)];
  if (input.hotelUrn) where.push(eq(reservations.hotelUrn, input.hotelUrn));
  const rows = await ctx.db.select().from(reservations).where(and(...where)).orderBy(asc(reservations.hotelName), asc(reservations.groupId));
  const groupIds = [...new Set(rows.map((r) => r.groupId))];
  const [people, groups, hotelRows, [airport]] = await Promise.all([
    roomingGuests(ctx.db, groupIds.map((groupId) => ({ caseUrn: row.urn, groupId }))),
    groupIds.length
      ? ctx.db.select({ groupId: passengerGroups.groupId, pnr: passengerGroups.pnr }).from(passengerGroups).where(and(eq(passengerGroups.caseUrn, row.urn), inArray(passengerGroups.groupId, groupIds)))
      : [],
    rows.length ? ctx.db.select({ urn: hotels.urn, name: hotels.name, phone: hotels.phone, address: hotels.address }).from(hotels).where(inArray(hotels.urn, [...new Set(rows.map((r) => r.hotelUrn))])) : [],
    ctx.db.select({ timeZone: airports.timeZone }).from(airports).where(eq(airports.iata, row.airport)).limit(1),
  ]);
  const timeZone = airport?.timeZone ?? "UTC";
  const pnrOf = new Map(groups.map((g) => [g.groupId, g.pnr]));
  const hotelOf = new Map(hotelRows.map((h) => [h.urn, h]));

  const byHotel = new Map<string, RoomingHotel>();
  for (const r of rows) {
    const checkIn = localMoment(r.checkIn, timeZone).date;
    const checkOut = localMoment(r.checkOut, timeZone).date;
    // one list per hotel and stay: two stays at one hotel are two lists for the desk
    const key = `${r.hotelUrn}|${checkIn}|${checkOut}`;
    const hotel = hotelOf.get(r.hotelUrn);
    let entry = byHotel.get(key);
    if (!entry) {
      entry = {
        hotelUrn: r.hotelUrn,
        name: hotel?.name ?? r.hotelName ?? r.hotelUrn,
        phone: hotel?.phone ?? null,
        address: hotel?.address ?? null,
        checkIn,
        checkOut,
        nights: nightsBetweenDates(checkIn, checkOut),
        rooms: 0,
        guests: 0,
        groups: [],
      };
      byHotel.set(key, entry);
    }
    const guests = people.get(groupKey(row.urn, r.groupId)) ?? [];
    entry.rooms += r.rooms;
    entry.guests += guests.length;
    entry.groups.push({ pnr: pnrOf.get(r.groupId) ?? r.groupId, groupId: r.groupId, rooms: r.rooms, status: r.status, confirmationCode: r.confirmationCode, guests });
  }
  return { waveUrn: wave.urn, caseUrn: row.urn, flightNumber: row.flight.number, airport: row.airport, timeZone, hotels: [...byHotel.values()] };
}
