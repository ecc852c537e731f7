import { and, eq, sql } from "drizzle-orm";
import { messages, reservations, type ReservationRow } from "@/db/schema";
import type { Ctx } from "@/lib/context";
import type { VoucherProps } from "@/emails/voucher";
import type { MessageKind } from "@/lib/vocabulary";
import { linkExpiry, passengerLink, signPassengerToken } from "@/lib/vouchers/link";
import type { IssuedStay } from "@/lib/vouchers/issue";
import { voucherModels, voucherPropsOnce } from "@/lib/vouchers/model";
import { renderVoucher, type Rendition, withPassengerLink } from "@/lib/vouchers/render";
import { rideStatusOf } from "@/lib/rides/ride-status";
import type { Locale } from "@/lib/i18n";
import { momentWords } from "@/lib/i18n/format";
import { airlineName } from "./airline";
import { type MessageDraft, queueMessages, queueMessagesOf } from "./queue";
import { type Recipient, recipientsFrom, recipientsOfGroup } from "./recipients";
import { smsText, textFor, type MessageTextKey } from "./texts";

type Props = Omit<VoucherProps, "passengerLink">;

/**
 * What a newly issued voucher tells the passenger: a first stay is VOUCHER; the nights added at the
 * same hotel are STAY_CHANGED; a stay at another hotel is REHOUSED, or CHOICE_CONFIRMED when the
 * passenger chose it on their page.
 */
export function voucherKindOf(r: Pick<ReservationRow, "previousUrn" | "stayChange" | "requestedBy">): MessageKind {
  if (!r.previousUrn) return "VOUCHER";
  if (r.stayChange === "CONTINUATION") return "STAY_CHANGED";
  return r.requestedBy === "PASSENGER" ? "CHOICE_CONFIRMED" : "REHOUSED";
}

const TEXTS: Partial<Record<MessageKind, { subject: MessageTextKey; sms: MessageTextKey }>> = {
  VOUCHER: { subject: "voucher.subject", sms: "voucher.sms" },
  STAY_CHANGED: { subject: "stayChanged.subject", sms: "stayChanged.sms" },
  REHOUSED: { subject: "rehoused.subject", sms: "rehoused.sms" },
  CHOICE_CONFIRMED: { subject: "choiceConfirmed.subject", sms: "choiceConfirmed.sms" },
};

/**
 * The messages of an issued voucher (the `voucher/issued` subscriber), version 1: each passenger of
 * the group by email and by SMS, with the voucher and their link. Nothing for a reservation no
 * longer CONFIRMED (cancelled before its messages were written). Idempotent through the outbox's
 * key. The batch of one of queueVoucherMessagesOf.
 */
export async function queueVoucherMessages(ctx: Ctx, stay: string | ReservationRow, opts: { rideDecided?: boolean } = {}): Promise<number> {
  const reservation = typeof stay === "string" ? await reservationOf(ctx, stay) : stay;
  if (!reservation || reservation.status !== "CONFIRMED") return 0;
  const { props, guests } = (await voucherModels(ctx, [reservation])).get(reservation.urn)!;
  return queueVoucherMessagesOf(ctx, [{ reservation, props, guests }], { rideDecided: opts.rideDecided === undefined ? undefined : () => opts.rideDecided! });
}

/**
 * The version-1 messages of stays whose vouchers the caller has just issued (the passenger's flow's
 * chunk, lib/vouchers/issue.ts), from what their vouchers were rendered from: no stay read again,
 * each email the stored rendition with the passenger's link added (no second render), all of them
 * written in one insert (lib/messages/queue.ts). The flow sends them itself right after the commit
 * (`sentByCaller`) and hands over whether its ride step decided each stay's ride.
 */
export async function queueVoucherMessagesOf(
  ctx: Ctx,
  stays: readonly (Pick<IssuedStay, "reservation" | "props" | "guests"> & { rendition?: Rendition })[],
  opts: { sentByCaller?: boolean; rideDecided?: (reservationUrn: string) => boolean } = {},
): Promise<number> {
  const drafts: MessageDraft[] = [];
  for (const s of stays) {
    if (s.reservation.status !== "CONFIRMED") continue;
    const recipients = recipientsFrom(s.reservation.caseUrn, s.reservation.groupId, s.guests);
    const decided = opts.rideDecided?.(s.reservation.urn);
    drafts.push(await stayDraft(ctx, { ...s, recipients }, voucherKindOf(s.reservation), 1, { sentByCaller: opts.sentByCaller, rideDecided: decided }));
  }
  return queueMessagesOf(ctx, drafts);
}

/**
 * A stay's messages of one kind and version, email with the voucher, SMS with the link: the voucher
 * messages and, with the stay's version, those of an in-place change (STAY_CHANGED).
 */
export async function queueStayMessages(ctx: Ctx, reservation: ReservationRow, kind: MessageKind, version: number, followUp = false): Promise<number> {
  const recipients = await recipientsOfGroup(ctx, reservation.caseUrn, reservation.groupId);
  if (recipients.length === 0) return 0;
  // read once per transaction: a stay's change stores the voucher and writes its messages in one
  const props: Props = await voucherPropsOnce(ctx, reservation);
  return queueMessages(ctx, await stayDraft(ctx, { reservation, props, recipients }, kind, version, { followUp }));
}

/** The draft of a stay's messages; the email is the stored rendition with the link, rendered here only when the caller has none. */
async function stayDraft(
  ctx: Ctx,
  s: { reservation: ReservationRow; props: Props; recipients: Recipient[]; rendition?: Rendition },
  kind: MessageKind,
  version: number,
  opts: { followUp?: boolean; sentByCaller?: boolean; rideDecided?: boolean },
): Promise<MessageDraft> {
  const { reservation, props } = s;
  const link = passengerLink(signPassengerToken(reservation.urn, linkExpiry(reservation.checkOut)));
  const airline = await airlineName(ctx, reservation.tenant);
  const texts = opts.followUp ? RIDE_FOLLOW_UP : (TEXTS[kind] ?? TEXTS.VOUCHER!);
  // dates in the message's language: a Spanish SMS carries a Spanish date
  const values = (locale: Locale) => ({ airline, code: props.confirmationCode, hotel: props.hotel.name, checkIn: momentWords(props.checkIn, locale), checkOut: momentWords(props.checkOut, locale), link });
  return {
    tenant: reservation.tenant,
    caseUrn: reservation.caseUrn,
    relatedUrn: reservation.urn,
    kind,
    version,
    recipients: s.recipients,
    template: "voucher",
    // ride: whether the passenger holds their ride with this message, or is owed a follow-up (queueRideFollowUp)
    payload: { confirmationCode: props.confirmationCode, hotel: props.hotel.name, checkIn: props.checkIn.date, checkOut: props.checkOut.date, ride: (opts.rideDecided ?? (s.recipients.length ? (await rideStatusOf(ctx, reservation)).decided : false)) ? "DECIDED" : "PENDING" },
    passengerLink: link,
    sentByCaller: opts.sentByCaller,
    render: async (channel, locale) => {
      if (channel === "SMS") return { text: smsText(locale, texts.sms, { ...values(locale), ride: rideSentence(props, locale) }) };
      const { html, text } = s.rendition ? await withPassengerLink(s.rendition, props, link) : await renderVoucher({ ...props, passengerLink: link });
      return { subject: textFor(locale, texts.subject, values(locale)), html, text };
    },
  };
}

/** The follow-up of a voucher sent before its ride was known: the same voucher, now with the ride. */
const RIDE_FOLLOW_UP = { subject: "rideArranged.subject", sms: "rideArranged.sms" } as const;

/** The version of a stay's voucher messages that carries the ride decided after the first went without it. */
export const RIDE_FOLLOW_UP_VERSION = 2;

/**
 * A voucher whose first messages went out before the ride was decided (the passenger's flow waits
 * for the ride a bounded time, lib/rides/arrange.ts) gets one follow-up as soon as the ride is
 * known: the voucher again, under a subject naming the ride. Once per stay (the outbox's key: the
 * stay's messages, version 2); nothing when the first messages carried the ride or none is owed.
 */
export async function queueRideFollowUp(ctx: Ctx, reservationUrn: string): Promise<number> {
  const reservation = await reservationOf(ctx, reservationUrn);
  if (!reservation || reservation.status !== "CONFIRMED") return 0;
  const kind = voucherKindOf(reservation);
  const [sentWithout] = await ctx.db
    .select({ urn: messages.urn })
    .from(messages)
    .where(and(eq(messages.tenant, reservation.tenant), eq(messages.relatedUrn, reservation.urn), eq(messages.kind, kind), eq(messages.version, 1), sql`${messages.payload}->>'ride' = 'PENDING'`))
    .limit(1);
  if (!sentWithout) return 0;
  if (!(await rideStatusOf(ctx, reservation)).decided) return 0;
  return queueStayMessages(ctx, reservation, kind, RIDE_FOLLOW_UP_VERSION, true);
}

/** The ride in one SMS sentence: the shuttle's pickup, the taxi voucher, none owed, or that it follows. */
function rideSentence(p: Props, locale: Locale): string {
  // the pickup point is on the voucher behind the link: an SMS has two segments for the hotel, the code and the link
  if (p.transport) return textFor(locale, "ride.shuttle", { when: momentWords(p.transport.pickup, locale) });
  const taxi = p.taxis?.[0];
  if (taxi) return textFor(locale, "ride.taxi", { code: taxi.code, when: momentWords(taxi.pickup, locale) });
  return textFor(locale, p.rideNote === "NONE_OWED" ? "ride.none" : "ride.pending", {});
}

export async function reservationOf(ctx: Ctx, urn: string): Promise<ReservationRow | null> {
  const [row] = await ctx.db
    .select()
    .from(reservations)
    .where(and(eq(reservations.urn, urn), eq(reservations.tenant, ctx.principal.tenant)))
    .limit(1);
  return row ?? null;
}
