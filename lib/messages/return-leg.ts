import { render } from "@react-email/render";
import { and, asc, eq, inArray } from "drizzle-orm";
import { createElement } from "react";
import { hotels, passengers, reservations, tenants, transportSegments } from "@/db/schema";
import ReturnLeg, { ReturnLegProps, returnLegText } from "@/emails/return-leg";
import { airportTimeZone } from "@/lib/cases/airports";
import { loadCase } from "@/lib/cases/load";
import { computeStay } from "@/lib/cases/stay";
import { type Ctx, transaction } from "@/lib/context";
import { localMoment } from "@/lib/vouchers/local-time";
import type { Locale } from "@/lib/i18n";
import { dayWords, momentWords } from "@/lib/i18n/format";
import { queueMessages } from "./queue";
import { addressesOf, recipientsOfGroup } from "./recipients";
import { smsText, textFor } from "./texts";

/** How long before the next flight's departure the return-leg email goes out. */
export const RETURN_LEG_LEAD_MS = 12 * 60 * 60_000;

export type NextFlight = { number: string; scheduledDeparture: string };

/**
 * The outbox key of a return-leg email: the reservation and the flight. A moved flight is a new
 * message; the same flight again (a repeated patch, a retried step) finds the row already there.
 */
export function returnLegRelatedUrn(reservationUrn: string, flight: NextFlight): string {
  return `${reservationUrn}#return-leg:${flight.number}@${new Date(flight.scheduledDeparture).toISOString()}`;
}

/**
 * One return-leg message per passenger address (email and SMS) in each CONFIRMED reservation of the case,
 * with the pickup time of their ride to the airport (the live HOTEL_TO_AIRPORT segment they are
 * on, else one of their reservation). Writes nothing when the case is closed, when its next flight
 * is no longer `flight` (a later patch has its own email), or when no overnight gap remains. At
 * most once per recipient, reservation and flight (the outbox's unique key). Answers how many were queued.
 */
export async function queueReturnLegMessages(ctx: Ctx, input: { caseUrn: string; nextFlight: NextFlight }): Promise<number> {
  return transaction(ctx, async (tx) => {
    const kase = await loadCase(tx, input.caseUrn);
    const next = kase.nextFlight;
    if (kase.status === "CLOSED" || !next || next.number !== input.nextFlight.number || Date.parse(next.scheduledDeparture) !== Date.parse(input.nextFlight.scheduledDeparture)) return 0;
    const timeZone = await airportTimeZone(tx, kase.airport);
    if (!computeStay(kase.flight, next, timeZone)?.overnight) return 0;

    const stays = await tx.db
      .select()
      .from(reservations)
      .where(and(eq(reservations.caseUrn, kase.urn), eq(reservations.status, "CONFIRMED")))
      .orderBy(asc(reservations.urn));
    if (stays.length === 0) return 0;
    const rides = await tx.db
      .select()
      .from(transportSegments)
      .where(and(eq(transportSegments.caseUrn, kase.urn), eq(transportSegments.direction, "HOTEL_TO_AIRPORT"), inArray(transportSegments.status, ["PLANNED", "ASSIGNED"])))
      .orderBy(asc(transportSegments.scheduledAt), asc(transportSegments.urn));
    const hotelRows = await tx.db.select({ urn: hotels.urn, name: hotels.name }).from(hotels).where(inArray(hotels.urn, [...new Set(stays.map((s) => s.hotelUrn))]));
    const [tenant] = await tx.db.select({ name: tenants.name }).from(tenants).where(eq(tenants.code, kase.tenant)).limit(1);
    const airline = tenant?.name ?? kase.airline;

    let queued = 0;
    for (const stay of stays) {
      const guests = await tx.db
        .select({ passengerId: passengers.passengerId, firstName: passengers.firstName, lastName: passengers.lastName, email: passengers.email, phone: passengers.phone, language: passengers.language })
        .from(passengers)
        .where(and(eq(passengers.caseUrn, kase.urn), eq(passengers.groupId, stay.groupId)))
        .orderBy(asc(passengers.position), asc(passengers.passengerId));
      const relatedUrn = returnLegRelatedUrn(stay.urn, next);
      const all = await recipientsOfGroup(tx, kase.urn, stay.groupId);
      for (const guest of guests) {
        // this guest's own addresses, with their pickup: a shared address is written once (the outbox's key)
        const own = addressesOf(guest);
        const mine = all.filter((r) => r.address === (r.channel === "EMAIL" ? own.email : own.phone));
        if (mine.length === 0) continue;
        const ride = rides.find((r) => r.passengers.some((p) => p.passengerId === guest.passengerId)) ?? rides.find((r) => r.reservationUrns.includes(stay.urn));
        const departure = localMoment(new Date(next.scheduledDeparture), timeZone);
        const pickupAt = ride ? localMoment(ride.scheduledAt, timeZone) : null;
        // dates in the message's language: filled per recipient's locale
        const values = (locale: Locale) => ({
          airline,
          flight: next.number,
          name: [guest.firstName, guest.lastName].filter(Boolean).join(" ") || "",
          hotel: hotelRows.find((h) => h.urn === stay.hotelUrn)?.name ?? stay.hotelName ?? "",
          timeZone,
          departureDate: dayWords(departure, locale),
          departureTime: departure.time,
          departure: momentWords(departure, locale),
          pickupDate: pickupAt ? dayWords(pickupAt, locale) : "",
          pickupTime: pickupAt?.time ?? "",
          pickup: pickupAt ? momentWords(pickupAt, locale) : "",
          location: ride ? (ride.pickupLocation ?? ride.vehicle?.pickupLocation ?? "") : "",
        });
        queued += await queueMessages(tx, {
          tenant: kase.tenant,
          caseUrn: kase.urn,
          relatedUrn,
          kind: "RETURN_LEG",
          version: 1,
          recipients: mine,
          template: "return-leg",
          payload: { flightNumber: next.number, scheduledDeparture: next.scheduledDeparture, pickup: ride ? ride.scheduledAt.toISOString() : null },
          render: async (channel, locale) => {
            const words = withDefaults(locale, values(locale));
            if (channel === "SMS") return { text: smsText(locale, pickupAt ? "returnLeg.sms.pickup" : "returnLeg.sms.noPickup", words) };
            const subject = textFor(locale, pickupAt ? "returnLeg.subject.pickup" : "returnLeg.subject.noPickup", words);
            const lines = [textFor(locale, "returnLeg.greeting", words), textFor(locale, "returnLeg.departure", words), textFor(locale, pickupAt ? "returnLeg.pickup" : "returnLeg.noPickup", words), textFor(locale, "returnLeg.checkOut", words)];
            const props = ReturnLegProps.parse({ lang: locale, preview: subject, heading: textFor(locale, "returnLeg.heading", words), lines });
            return { subject, html: await render(createElement(ReturnLeg, props)), text: returnLegText(props) };
          },
        });
      }
    }
    return queued;
  });
}

/** The values a text is filled with, a missing name, hotel or pickup place said in the passenger's language. */
function withDefaults(locale: Locale, values: Record<string, string>): Record<string, string> {
  return { ...values, name: values.name || textFor(locale, "returnLeg.passenger", {}), hotel: values.hotel || textFor(locale, "returnLeg.yourHotel", {}), location: values.location || textFor(locale, "returnLeg.mainEntrance", {}) };
}
