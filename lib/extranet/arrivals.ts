import { and, asc, eq, gte, inArray, isNull, lt } from "drizzle-orm";
import { z } from "zod";
import { reservations } from "@/db/schema";
import { requirePermission } from "@/lib/auth/require";
import { loadScopedHotel } from "@/lib/hotels/scope";
import { groupKey, roomingGuests } from "@/lib/booking/rooming-guests";
import { airportTimeZone } from "@/lib/cases/airports";
import { nightUnderWay } from "@/lib/cases/stay";
import type { Ctx } from "@/lib/context";
import { expectedArrivals } from "@/lib/transport/expected-arrival";
import { parseInput } from "@/lib/validation";
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

  const [guests, expected] = await Promise.all([roomingGuests(ctx.db, rows), expectedArrivals(ctx, rows.map((r) => r.urn))]);

  const arrivals: Arrival[] = rows.map((r) => {
    const people = guests.get(groupKey(r.caseUrn, r.groupId)) ?? [];
    // the shuttle's pickup plus the ride; none without a planned ride
    const estimate = expected.get(r.urn)?.arrivalAt ?? null;
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
