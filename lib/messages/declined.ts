import type { Ctx } from "@/lib/context";
import type { EventData } from "@/lib/events/catalogue";
import { airlineName } from "./airline";
import { queueMessages } from "./queue";
import { recipientsOfGroup } from "./recipients";
import { smsText, textFor } from "./texts";
import { reservationOf } from "./voucher";

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The `passenger/declined` subscriber: the group is told their decline is recorded, "we released
 * your room" when the provider let it go, "noted" when it could not. Once per reservation and channel.
 */
export async function queueDeclineMessages(ctx: Ctx, event: EventData<"passenger/declined">): Promise<number> {
  const reservation = await reservationOf(ctx, event.reservationUrn);
  if (!reservation) return 0;
  const recipients = await recipientsOfGroup(ctx, event.caseUrn, event.groupId);
  const airline = await airlineName(ctx, reservation.tenant);
  const hotel = reservation.hotelName ?? "the hotel";
  const lineKey = event.released ? "declined.released" : "declined.kept";
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
      const line = textFor(locale, lineKey, { hotel });
      if (channel === "SMS") return { text: smsText(locale, "declined.sms", { airline, line }) };
      return { subject: textFor(locale, "declined.subject", {}), html: `<!DOCTYPE html><html lang="${locale}"><body><p>${escape(line)}</p><p>${escape(airline)}</p></body></html>`, text: `${line}\n\n${airline}` };
    },
  });
}
