import { and, eq, inArray } from "drizzle-orm";
import { hotels, passengers, type ReservationRow } from "@/db/schema";
import type { Ctx } from "@/lib/context";
import type { OperationalStatus } from "@/lib/vocabulary";

/** Passengers who need no ride: they live nearby, left, or need nothing any more. */
export const NO_RIDE: readonly OperationalStatus[] = ["LOCAL_RESIDENT", "CANCELLED", "CHECKED_OUT"];

/** The passengers of the reservations' groups, in manifest order. */
export async function passengersOf(ctx: Ctx, caseUrn: string, rows: readonly Pick<ReservationRow, "groupId">[]) {
  const groupIds = [...new Set(rows.map((r) => r.groupId))];
  if (groupIds.length === 0) return [];
  return ctx.db
    .select()
    .from(passengers)
    .where(and(eq(passengers.caseUrn, caseUrn), inArray(passengers.groupId, groupIds)))
    .orderBy(passengers.groupId, passengers.position, passengers.passengerId);
}

export async function hotelOf(ctx: Ctx, hotelUrn: string) {
  const [row] = await ctx.db.select().from(hotels).where(eq(hotels.urn, hotelUrn)).limit(1);
  return row ?? null;
}

/** Where a ride starts and ends, as the voucher prints them. */
export function placesOf(direction: "AIRPORT_TO_HOTEL" | "HOTEL_TO_AIRPORT", airport: string, hotel: { name: string; address: string } | null) {
  const hotelText = hotel ? `${hotel.name}, ${hotel.address}` : "the hotel";
  return direction === "AIRPORT_TO_HOTEL"
    ? { pickupLocation: `${airport} airport, arrivals: ground transport meeting point`, dropoffLocation: hotelText }
    : { pickupLocation: hotel ? `${hotel.name}, main entrance` : "the hotel's main entrance", dropoffLocation: `${airport} airport, departures` };
}
