import { and, asc, eq, gte, inArray, isNull, lt } from "drizzle-orm";
import { z } from "zod";
import { airports, reservations, transportSegments } from "@/db/schema";
import { requirePermission } from "@/lib/auth/require";
import { loadScopedHotel } from "@/lib/auth/hotel-scope";
import { groupKey, roomingGuests } from "@/lib/booking/rooming-guests";
import { airportTimeZone } from "@/lib/cases/airports";
import { nightUnderWay } from "@/lib/cases/stay";
import type { Ctx } from "@/lib/context";
import { travelMinutes } from "@/lib/transport/plan";
import { parseInput } from "@/lib/validation";
import { transportSettings } from "@/lib/transport/settings";
import { localMoment } from "@/lib/vouchers/local-time";
import type { ReservationStatus, SpecialNeed } from "@/lib/vocabulary";
import { type Arrival, type Arrivals, ArrivalsQuery } from "./schemas";

const ArrivalsInput = ArrivalsQuery.extend({ hotelUrn: z.string() });
export type ArrivalsInput = z.input<typeof ArrivalsInput>;
import { dateWindow } from "./tonight";

/** Guests the desk expects: booked and not walked. PENDING is not yet the hotel's; CANCELLED and FAILED never were. */
const LIVE: ReservationStatus[] = ["CONFIRMED", "CHECKED_OUT"];

/**
 * GET /hotels/{hotelUrn}/arrivals: the rooming list of one hotel for one night (its local date,
 * by default the night under way there: until the cutoff of lib/cases/stay.ts, last evening's), of the caller's tenant only: per booking the confirmation, rooms, stay,
 * guests' names, special needs, when the shuttle should bring them, the hotel's answer and the
 * desk's record. Deliberately nothing else about the passengers (no contacts, PNR or flight).
 */
export async function listArrivals({ ctx, input }: { ctx: Ctx; input: ArrivalsInput }): Promise<Arrivals> {
  requirePermission(ctx, "hotel:extranet", "read a hotel's arrivals");
  const { hotelUrn, date: asked } = parseInput(ArrivalsInput, input);
  const hotel = await loadScopedHotel(ctx, hotelUrn);
  const timeZone = await airportTimeZone(ctx, hotel.airport);
  const date = asked ?? nightUnderWay(new Date(), timeZone);
  const window = dateWindow(date);
  const rows = (
    await ctx.db
      .select()
      .from(reservations)
      .where(
        and(
          eq(reservations.tenant, ctx.principal.tenant),
          eq(reservations.hotelUrn, hotel.urn),
          gte(reservations.checkIn, window.from),
          lt(reservations.checkIn, window.to),
          inArray(reservations.status, LIVE),
          isNull(reservations.walkedAt),
        ),
      )
      .orderBy(asc(reservations.checkIn), asc(reservations.urn))
  ).filter((r) => localMoment(r.checkIn, timeZone).date === date);

  const [guests, rides, [airport]] = await Promise.all([
    roomingGuests(ctx.db, rows),
    rows.length
      ? ctx.db
          .select({ scheduledAt: transportSegments.scheduledAt, reservationUrns: transportSegments.reservationUrns, status: transportSegments.status })
          .from(transportSegments)
          .where(
            and(
              eq(transportSegments.tenant, ctx.principal.tenant),
              inArray(transportSegments.caseUrn, [...new Set(rows.map((r) => r.caseUrn))]),
              eq(transportSegments.direction, "AIRPORT_TO_HOTEL"),
            ),
          )
      : [],
    ctx.db.select({ latitude: airports.latitude, longitude: airports.longitude }).from(airports).where(eq(airports.iata, hotel.airport)).limit(1),
  ]);
  const ride = airport ? travelMinutes(airport, hotel, transportSettings()) : 0;
  const pickupOf = (urn: string) =>
    rides
      .filter((s) => s.status !== "CANCELLED" && s.reservationUrns.includes(urn))
      .map((s) => s.scheduledAt.getTime())
      .sort((a, b) => a - b)[0];

  const arrivals: Arrival[] = rows.map((r) => {
    const people = guests.get(groupKey(r.caseUrn, r.groupId)) ?? [];
    const pickup = pickupOf(r.urn);
    const estimate = pickup === undefined ? null : new Date(pickup + ride * 60_000);
    return {
      reservationUrn: r.urn,
      confirmationCode: r.confirmationCode,
      provider: r.provider,
      status: r.status,
      rooms: r.rooms,
      checkIn: date,
      checkOut: localMoment(r.checkOut, timeZone).date,
      guests: people.map((p) => p.name),
      specialNeeds: [...new Set(people.flatMap((p) => p.specialNeeds))] as SpecialNeed[],
      arrivalEstimate: estimate?.toISOString() ?? null,
      arrivalEstimateLocal: estimate ? localMoment(estimate, timeZone).time : null,
      hotelConfirmation: r.hotelConfirmation,
      arrival: r.arrival,
    };
  });
  return {
    hotelUrn: hotel.urn,
    hotelName: hotel.name,
    date,
    timeZone,
    rooms: arrivals.reduce((n, a) => n + a.rooms, 0),
    guests: arrivals.reduce((n, a) => n + a.guests.length, 0),
    arrivals,
  };
}
