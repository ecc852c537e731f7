import { render } from "@react-email/render";
import { createElement } from "react";
import { Letter, letterText } from "@/emails/letter";
import { airportFacts } from "@/lib/airport-facts";
import { caseFacts } from "@/lib/case-facts";
import type { Ctx } from "@/lib/context";
import type { EventData } from "@/lib/events/catalogue";
import { stayTold } from "@/lib/rides/issue";
import { pickupLabel } from "@/lib/rides/words";
import { linkExpiry, passengerLink, signPassengerToken } from "@/lib/vouchers/link";
import { airlineName } from "./airline";
import { queueMessages } from "./queue";
import { recipientsOfGroup } from "./recipients";
import { smsText, textFor } from "./texts";
import { reservationOf } from "./voucher";

/**
 * The `transport/ride.changed` subscriber: the desk re-timed or cancelled a ride, so each stay aboard
 * is told, by email and SMS in each passenger's language: the new pickup in the airport's local time
 * and place, or that the ride is cancelled, with the link to their voucher (already rendered again
 * with the change, lib/reactions). One message per change per stay: the stay's related URN carries
 * the change (`<reservation>#ride-change:<audit entry>`), so a retried job or a redelivered fact
 * writes nothing more (the outbox's unique key). Only stays already told: one whose voucher has not
 * left yet gets the ride as it is now in that voucher. Answers how many rows were written.
 */
export async function queueRideChangedMessages(ctx: Ctx, fact: EventData<"transport/ride.changed">): Promise<number> {
  const kase = await caseFacts(ctx.db, fact.caseUrn);
  if (!kase) return 0;
  const timeZone = (await airportFacts(ctx.db, kase.airport))?.timeZone ?? null;
  const airline = await airlineName(ctx, fact.tenant);
  let written = 0;
  for (const urn of fact.reservationUrns) {
    const reservation = await reservationOf(ctx, urn);
    if (!reservation || reservation.status !== "CONFIRMED" || !(await stayTold(ctx, urn))) continue;
    const link = passengerLink(signPassengerToken(reservation.urn, linkExpiry(reservation.checkOut)));
    written += await queueMessages(ctx, {
      tenant: reservation.tenant,
      caseUrn: reservation.caseUrn,
      relatedUrn: `${reservation.urn}#ride-change:${fact.changeUrn}`,
      kind: "RIDE_CHANGED",
      version: 1,
      recipients: await recipientsOfGroup(ctx, reservation.caseUrn, reservation.groupId),
      template: "ride-changed",
      payload: { change: fact.change, segmentUrn: fact.segmentUrn, direction: fact.direction, pickupAt: fact.scheduledAt },
      passengerLink: link,
      render: async (channel, locale) => {
        const direction = textFor(locale, fact.direction === "AIRPORT_TO_HOTEL" ? "ride.toHotel" : "ride.toAirport", {});
        const when = pickupLabel(fact.scheduledAt, timeZone, locale);
        const line = textFor(locale, fact.change === "RETIMED" ? "rideChanged.retimed" : "rideChanged.cancelled", { direction, when, place: fact.pickupLocation ?? "" });
        if (channel === "SMS") return { text: smsText(locale, "rideChanged.sms", { airline, line, link }) };
        const subject = textFor(locale, "rideChanged.subject", { direction });
        // our plain emails' one layout (emails/letter.tsx), as the cancellation and the return leg
        const letter = { lang: locale, preview: line, heading: subject, lines: [line, link, airline] };
        return { subject, html: await render(createElement(Letter, letter)), text: letterText(letter) };
      },
    });
  }
  return written;
}
