import { render } from "@react-email/render";
import { and, asc, eq, isNotNull } from "drizzle-orm";
import { createElement } from "react";
import { messages, passengers, reservations, type ReservationRow, vouchers } from "@/db/schema";
import Cancellation from "@/emails/cancellation";
import type { Ctx } from "@/lib/context";
import { subjectFor } from "@/lib/drills/mode";
import { caseSystems } from "@/lib/drills/systems";
import { emit } from "@/lib/events";
import { newUrn } from "@/lib/ids";
import type { CaseMode, MessageKind } from "@/lib/vocabulary";
import type { VoucherProps } from "@/emails/voucher";
import { createVoucher } from "@/lib/vouchers/create";
import { linkExpiry, passengerLink, signPassengerToken } from "@/lib/vouchers/link";
import { smtpUrl } from "./smtp";
import { voucherProps, voucherPropsOnce } from "@/lib/vouchers/model";
import { renderVoucher } from "@/lib/vouchers/render";

/**
 * One voucher email per passenger of the reservation's group who has an email address, written to
 * the outbox in the caller's transaction with an `message/queued` event each (delivered once that
 * transaction commits; KEPT without SMTP_URL). At most once per recipient and kind: the outbox's unique
 * (tenant, kind, related_urn, to) makes a second call write nothing. Answers how many were queued.
 */
export async function enqueueVoucherEmails(ctx: Ctx, reservationUrn: string): Promise<number> {
  const reservation = await reservationOf(ctx, reservationUrn);
  if (!reservation) return 0;
  await createVoucher(ctx, reservationUrn);
  return queueVoucherEmails(ctx, reservation, await voucherPropsOnce(ctx, reservation));
}

/** The voucher emails of a reservation whose props were read already (lib/vouchers/issue.ts reads them once for both renditions). */
export async function queueVoucherEmails(ctx: Ctx, reservation: ReservationRow, props: Omit<VoucherProps, "passengerLink">): Promise<number> {
  const recipients = await recipientsOf(ctx, reservation);
  if (recipients.length === 0) return 0;
  const link = passengerLink(signPassengerToken(reservation.urn, linkExpiry(reservation.checkOut)));
  const { html, text } = await renderVoucher({ ...props, passengerLink: link });
  const subject = `Your hotel voucher ${props.confirmationCode}: ${props.hotel.name}, ${props.checkIn.dateLabel}`;
  // a reservation is confirmed on a live case or a drill (a shadow case never books): the props say which
  return queue(ctx, reservation, "VOUCHER", recipients, { subject, html, text }, props.draft ? "DRILL" : "LIVE");
}

/**
 * A cancellation email to each recipient of the reservation's voucher, only when the voucher was
 * delivered (a SENT voucher email, or vouchers.delivered_at): a passenger who never received a
 * voucher needs no word that it is void.
 */
export async function enqueueCancellationEmails(ctx: Ctx, reservationUrn: string, reason: string): Promise<number> {
  const reservation = await reservationOf(ctx, reservationUrn);
  if (!reservation) return 0;
  const voucherMail = await ctx.db
    .select({ to: messages.recipient, status: messages.status })
    .from(messages)
    .where(and(eq(messages.tenant, reservation.tenant), eq(messages.kind, "VOUCHER"), eq(messages.relatedUrn, reservationUrn)))
    .orderBy(asc(messages.recipient));
  const [voucher] = await ctx.db.select({ deliveredAt: vouchers.deliveredAt }).from(vouchers).where(eq(vouchers.reservationUrn, reservationUrn)).limit(1);
  const sent = voucherMail.filter((m) => m.status === "SENT").map((m) => m.to);
  // delivered_at without a SENT row: handed over some other way (printed at the desk); tell every recipient
  const to = sent.length > 0 ? sent : voucher?.deliveredAt ? voucherMail.map((m) => m.to) : [];
  if (to.length === 0) return 0;
  const props = await voucherProps(ctx, reservation);
  const element = createElement(Cancellation, {
    confirmationCode: props.confirmationCode,
    hotelName: props.hotel.name,
    checkInLabel: `${props.checkIn.dateLabel} ${props.checkIn.time}`,
    reason,
  });
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  const subject = `Cancelled: hotel reservation ${props.confirmationCode} at ${props.hotel.name}`;
  return queue(ctx, reservation, "CANCELLATION", to, { subject, html, text });
}

/**
 * Without SMTP_URL a message is written KEPT at once, with no event: there is nothing to deliver,
 * and a wave of thousands of passengers should not run thousands of jobs to learn that. The
 * delivery sweep sends KEPT mail once SMTP_URL is set.
 */
async function queue(ctx: Ctx, r: ReservationRow, kind: MessageKind, to: string[], mail: { subject: string; html: string; text: string }, known?: CaseMode): Promise<number> {
  // a drill's mail is written, marked and KEPT for the Outbox page, never sent, even with SMTP_URL
  const { mode, messaging } = await caseSystems(ctx, known ? { urn: r.caseUrn, mode: known } : r.caseUrn);
  const status = smtpUrl() && messaging.send ? "QUEUED" : "KEPT";
  const message = { ...mail, subject: subjectFor(mode, mail.subject) };
  let queued = 0;
  for (const address of to) {
    const [row] = await ctx.db
      .insert(messages)
      .values({ urn: newUrn("email"), tenant: r.tenant, kind, recipient: address, caseUrn: r.caseUrn, relatedUrn: r.urn, status, ...message })
      .onConflictDoNothing({ target: [messages.tenant, messages.channel, messages.kind, messages.relatedUrn, messages.version, messages.recipient, messages.resend] })
      .returning({ urn: messages.urn });
    if (!row) continue;
    if (status === "QUEUED") await emit(ctx, "message/queued", { tenant: r.tenant, messageUrn: row.urn });
    queued += 1;
  }
  return queued;
}

async function reservationOf(ctx: Ctx, urn: string): Promise<ReservationRow | null> {
  const [row] = await ctx.db
    .select()
    .from(reservations)
    .where(and(eq(reservations.urn, urn), eq(reservations.tenant, ctx.principal.tenant)))
    .limit(1);
  return row ?? null;
}

/** Distinct addresses (case-insensitively), in manifest order. */
async function recipientsOf(ctx: Ctx, r: ReservationRow): Promise<string[]> {
  const rows = await ctx.db
    .select({ email: passengers.email })
    .from(passengers)
    .where(and(eq(passengers.caseUrn, r.caseUrn), eq(passengers.groupId, r.groupId), isNotNull(passengers.email)))
    .orderBy(asc(passengers.position), asc(passengers.passengerId));
  const seen = new Set<string>();
  const out: string[] = [];
  for (const { email } of rows) {
    const address = email!.trim().toLowerCase();
    if (!address || seen.has(address)) continue;
    seen.add(address);
    out.push(address);
  }
  return out;
}
