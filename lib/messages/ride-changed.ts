import { and, eq } from "drizzle-orm";
import { cases, messages } from "@/db/schema";
import { airportFacts } from "@/lib/airport-facts";
import type { Ctx } from "@/lib/context";
import { escapeHtml } from "@/lib/escape-html";
import type { EventData } from "@/lib/events/catalogue";
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
  const [kase] = await ctx.db.select({ airport: cases.airport }).from(cases).where(eq(cases.urn, fact.caseUrn)).limit(1);
  if (!kase) return 0;
  const timeZone = (await airportFacts(ctx.db, kase.airport))?.timeZone ?? null;
  const airline = await airlineName(ctx, fact.tenant);
  let written = 0;
  for (const urn of fact.reservationUrns) {
    const reservation = await reservationOf(ctx, urn);
    if (!reservation || reservation.status !== "CONFIRMED" || !(await told(ctx, urn))) continue;
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
        const html = `<!DOCTYPE html><html lang="${locale}"><body><p>${escapeHtml(line)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p><p>${escapeHtml(airline)}</p></body></html>`;
        return { subject, html, text: `${line}\n\n${link}\n\n${airline}` };
      },
    });
  }
  return written;
}

/** Has the stay been sent its voucher's messages (any message about it)? One indexed read. */
async function told(ctx: Ctx, reservationUrn: string): Promise<boolean> {
  const [row] = await ctx.db.select({ urn: messages.urn }).from(messages).where(and(eq(messages.tenant, ctx.principal.tenant), eq(messages.relatedUrn, reservationUrn))).limit(1);
  return Boolean(row);
}
