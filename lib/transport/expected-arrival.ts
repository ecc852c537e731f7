import { and, eq, inArray, ne, sql } from "drizzle-orm";
import { airports, hotels, reservations, transportSegments } from "@/db/schema";
import type { Ctx } from "@/lib/context";
import { travelMinutes } from "./plan";
import { transportSettings } from "./settings";

/** When a reservation's passengers leave the airport (the shuttle's pickup) and when they should reach the hotel. */
export type ExpectedArrival = { pickupAt: Date; arrivalAt: Date };

/**
 * The expected arrival of each reservation carried by a ride from the airport: the earliest
 * AIRPORT_TO_HOTEL segment not cancelled that carries it, and that pickup plus the ride's time
 * from the hotel's airport to the hotel (the transport planner's own estimate: lib/transport/plan/travel.ts).
 * One query for the whole list, of the caller's tenant only. A reservation without such a ride
 * has no entry: the caller says what it expects then (the check-in, or nothing).
 * Read by the re-confirmation schedule (its BEFORE_ARRIVAL moment) and the hotel's rooming list.
 */
export async function expectedArrivals(ctx: Ctx, reservationUrns: string[]): Promise<Map<string, ExpectedArrival>> {
  const found = new Map<string, ExpectedArrival>();
  if (reservationUrns.length === 0) return found;
  const rows = await ctx.db
    .select({
      reservationUrn: reservations.urn,
      pickupAt: transportSegments.scheduledAt,
      airport: { latitude: airports.latitude, longitude: airports.longitude },
      hotel: { latitude: hotels.latitude, longitude: hotels.longitude },
    })
    .from(reservations)
    .innerJoin(
      transportSegments,
      and(
        eq(transportSegments.tenant, reservations.tenant),
        eq(transportSegments.caseUrn, reservations.caseUrn),
        eq(transportSegments.direction, "AIRPORT_TO_HOTEL"),
        ne(transportSegments.status, "CANCELLED"),
        sql`${transportSegments.reservationUrns} @> jsonb_build_array(${reservations.urn})`,
      ),
    )
    .innerJoin(hotels, eq(hotels.urn, reservations.hotelUrn))
    .leftJoin(airports, eq(airports.iata, hotels.airport))
    .where(and(eq(reservations.tenant, ctx.principal.tenant), inArray(reservations.urn, reservationUrns)));
  const settings = transportSettings();
  for (const r of rows) {
    const known = found.get(r.reservationUrn);
    if (known && known.pickupAt <= r.pickupAt) continue;
    // an airport not in the table: no ride time to add, the pickup is the best guess
    const ride = r.airport ? travelMinutes(r.airport, r.hotel, settings) : 0;
    found.set(r.reservationUrn, { pickupAt: r.pickupAt, arrivalAt: new Date(r.pickupAt.getTime() + ride * 60_000) });
  }
  return found;
}
