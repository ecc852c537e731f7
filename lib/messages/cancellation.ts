import { render } from "@react-email/render";
import { and, eq, inArray } from "drizzle-orm";
import { createElement } from "react";
import { messages, vouchers } from "@/db/schema";
import Cancellation from "@/emails/cancellation";
import type { Ctx } from "@/lib/context";
import type { Locale } from "@/lib/i18n";
import { momentWords } from "@/lib/i18n/format";
import type { EventData } from "@/lib/events/catalogue";
import { voucherProps } from "@/lib/vouchers/model";
import { airlineName } from "./airline";
import { VOUCHER_KINDS } from "./kinds";
import { queueMessages } from "./queue";
import { type Recipient, recipientsOfGroup } from "./recipients";
import { smsText, textFor } from "./texts";
import { reservationOf } from "./voucher";

/**
 * The `reservation/cancelled` subscriber: a cancellation to each recipient (email and SMS) who
 * received the stay's voucher (its message SENT or DELIVERED; or, with vouchers.delivered_at and no
 * such message, every recipient the voucher was written to: it was handed over some other way). A
 * passenger who never got a voucher needs no word that it is void. None for a stay replaced by
 * another (the new voucher says so) or one the passenger declined themselves (they get the
 * confirmation of their decline). None either for a stay the hotel walked (cause WALKED): the
 * rehousing tells the passengers once, by the new stay's REHOUSED voucher, or, when no hotel could
 * take them, by this same notice sent from the rehousing job (inngest/functions/rehouse-walked.ts)
 * without the cause; one clear message, not a "cancelled" followed minutes later by "rehoused".
 */
export async function queueCancellationMessages(ctx: Ctx, event: EventData<"reservation/cancelled">): Promise<number> {
  if (event.replacedBy || event.cause === "PASSENGER_DECLINED" || event.cause === "WALKED") return 0;
  const reservation = await reservationOf(ctx, event.reservationUrn);
  if (!reservation) return 0;
  const told = await ctx.db
    .select({ channel: messages.channel, address: messages.recipient, locale: messages.locale, status: messages.status })
    .from(messages)
    .where(and(eq(messages.tenant, reservation.tenant), eq(messages.relatedUrn, reservation.urn), inArray(messages.kind, [...VOUCHER_KINDS])));
  const [voucher] = await ctx.db.select({ deliveredAt: vouchers.deliveredAt }).from(vouchers).where(eq(vouchers.reservationUrn, reservation.urn)).limit(1);
  const received = told.filter((m) => m.status === "SENT" || m.status === "DELIVERED");
  const chosen = received.length > 0 ? received : voucher?.deliveredAt ? told : [];
  if (chosen.length === 0) return 0;
  // the current locale of each address (a passenger may have switched language since)
  const current = new Map((await recipientsOfGroup(ctx, reservation.caseUrn, reservation.groupId)).map((r) => [`${r.channel}:${r.address}`, r.locale]));
  const seen = new Set<string>();
  const recipients: Recipient[] = [];
  for (const m of chosen) {
    const key = `${m.channel}:${m.address}`;
    if (seen.has(key)) continue;
    seen.add(key);
    recipients.push({ channel: m.channel, address: m.address, locale: current.get(key) ?? (m.locale as Recipient["locale"]) });
  }
  const props = await voucherProps(ctx, reservation);
  const airline = await airlineName(ctx, reservation.tenant);
  // dates in the message's language
  const valuesIn = (locale: Locale) => ({ airline, code: props.confirmationCode, hotel: props.hotel.name, checkIn: momentWords(props.checkIn, locale), reason: event.reason });
  return queueMessages(ctx, {
    tenant: reservation.tenant,
    caseUrn: reservation.caseUrn,
    relatedUrn: reservation.urn,
    kind: "CANCELLATION",
    version: 1,
    recipients,
    template: "cancellation",
    payload: { confirmationCode: props.confirmationCode, hotel: props.hotel.name, reason: event.reason },
    render: async (channel, locale) => {
      const values = valuesIn(locale);
      if (channel === "SMS") return { text: smsText(locale, "cancellation.sms", values) };
      const lines = [textFor(locale, "cancellation.body", values), textFor(locale, "cancellation.reason", values), textFor(locale, "cancellation.help", values)];
      const element = createElement(Cancellation, { lang: locale, preview: textFor(locale, "cancellation.preview", values), heading: textFor(locale, "cancellation.heading", values), lines });
      const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
      return { subject: textFor(locale, "cancellation.subject", values), html, text };
    },
  });
}
