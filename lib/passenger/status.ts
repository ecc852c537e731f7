import { and, asc, eq } from "drizzle-orm";
import { hotels, passengers } from "@/db/schema";
import { airportFacts } from "@/lib/airport-facts";
import type { Locale } from "@/lib/i18n";
import { partyMealVouchers } from "@/lib/meals/passenger";
import { printable } from "@/lib/printable";
import { shortName } from "@/lib/privacy/short-name";
import { usableRidesOf } from "@/lib/rides/of-reservation";
import { voucherTransport } from "@/lib/transport/voucher";
import { confirmationCodeOf } from "@/lib/vouchers/model";
import { ratingState } from "@/lib/quality/passenger";
import { passengerCare } from "./care";
import { choiceWindow } from "./choice-window";
import type { PassengerLink } from "./link";
import type { PassengerStatus } from "./schemas";
import { isDeclined } from "./words";

/**
 * GET /passenger/{token}: what the passenger needs tonight, for the one stay the link shows: the
 * hotel and how to reach it, the stay, the next ride with its pickup, the next flight, whether
 * another hotel may still be chosen, whether the room was given up, and the sections the page
 * keeps fresh from this answer: what the group is owed, its meal and taxi vouchers. Guests by first name and
 * last initial only: a forwarded link must not hand out the party's full names.
 */
export async function passengerStatus(link: PassengerLink, locale: Locale, now = Date.now()): Promise<PassengerStatus> {
  const { ctx, reservation: r, caseRow } = link;
  const [hotel] = await ctx.db.select().from(hotels).where(eq(hotels.urn, r.hotelUrn)).limit(1);
  const airport = await airportFacts(ctx.db, caseRow.airport);
  const party = await ctx.db
    .select({ firstName: passengers.firstName, lastName: passengers.lastName, erasedAt: passengers.erasedAt })
    .from(passengers)
    .where(and(eq(passengers.caseUrn, r.caseUrn), eq(passengers.groupId, r.groupId)))
    .orderBy(asc(passengers.position), asc(passengers.passengerId));
  const ride = r.status === "CONFIRMED" ? await voucherTransport(ctx, r) : null;
  const address = printable(hotel?.address ?? "");
  return {
    reservation: {
      status: r.status,
      confirmationCode: confirmationCodeOf(r),
      hotel: {
        urn: r.hotelUrn,
        name: printable(hotel?.name ?? r.hotelName ?? r.hotelUrn),
        address,
        phone: hotel?.phone ? printable(hotel.phone) : null,
        mapUrl: hotel
          ? `https://www.openstreetmap.org/?mlat=${hotel.latitude}&mlon=${hotel.longitude}#map=17/${hotel.latitude}/${hotel.longitude}`
          : `https://www.openstreetmap.org/search?query=${encodeURIComponent(address || (r.hotelName ?? ""))}`,
      },
      checkIn: r.checkIn.toISOString(),
      checkOut: r.checkOut.toISOString(),
      timeZone: airport?.timeZone ?? "UTC",
      rooms: r.rooms,
      guests: party.flatMap((p) => (!p.erasedAt && p.firstName ? [shortName(p.firstName, p.lastName)!] : [])),
    },
    ride: ride && { pickupAt: ride.scheduledAt.toISOString(), pickupPlace: ride.pickupLocation, vehicle: ride.vehicle, status: ride.status },
    rides: r.status === "CONFIRMED" ? (await usableRidesOf(ctx, r.urn)).flatMap((x) => (x.code ? [{ direction: x.direction, code: printable(x.code), link: x.link, pickupAt: x.pickupAt.toISOString(), maxAmount: x.maxAmount, currency: x.currency, status: x.status as "ISSUED" | "USED" }] : [])) : [],
    nextFlight: caseRow.nextFlight ? { number: caseRow.nextFlight.number, scheduledDeparture: caseRow.nextFlight.scheduledDeparture } : null,
    choice: await choiceWindow(ctx, r, now),
    declined: r.status === "CANCELLED" && isDeclined(r.cancellationReason),
    care: await passengerCare(link, locale),
    mealVouchers: await partyMealVouchers(ctx, r.caseUrn, r.groupId),
    rating: await ratingState(ctx, r, now),
    locale,
  };
}
