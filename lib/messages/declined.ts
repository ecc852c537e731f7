import type { Ctx } from "@/lib/context";
import { escapeHtml } from "@/lib/escape-html";
import type { EventData } from "@/lib/events/catalogue";
import { airlineName } from "./airline";
import { queueMessages } from "./queue";
import { recipientsOfGroup } from "./recipients";
import { smsText, textFor } from "./texts";
import { reservationOf } from "./voucher";

/**
 * The `passenger/declined` subscriber: the group is told their decline is recorded and their room
 * released. Once per reservation and channel. The event is emitted only by the cancellation that
 * released the room (lib/booking/cancel.ts, cause PASSENGER_DECLINED); a room the provider would not
 * release is refused to the passenger on their page (409 CANNOT_RELEASE) and emits nothing, so
 * there is no "noted but kept" text.
 */
export async function queueDeclineMessages(ctx: Ctx, event: EventData<"passenger/declined">): Promise<number> {
  const reservation = await reservationOf(ctx, event.reservationUrn);
  if (!reservation) return 0;
  const recipients = await recipientsOfGroup(ctx, event.caseUrn, event.groupId);
  const airline = await airlineName(ctx, reservation.tenant);
  const hotel = reservation.hotelName ?? "the hotel";
  return queueMessages(ctx, {
    tenant: reservation.tenant,
    caseUrn: event.caseUrn,
    relatedUrn: reservation.urn,
    kind: "DECLINE_CONFIRMED",
    version: 1,
    recipients,
    template: "decline-confirmed",
    payload: { hotel, released: event.released },
    render: async (channel, locale) => {
      const line = textFor(locale, "declined.released", { hotel });
      if (channel === "SMS") return { text: smsText(locale, "declined.sms", { airline, line }) };
      return { subject: textFor(locale, "declined.subject", {}), html: `<!DOCTYPE html><html lang="${locale}"><body><p>${escapeHtml(line)}</p><p>${escapeHtml(airline)}</p></body></html>`, text: `${line}\n\n${airline}` };
    },
  });
}
