import { and, eq, inArray, isNotNull, isNull, or, sql } from "drizzle-orm";
import { type CaseRow, directBookings, messages, passengers, reservations, reviewItems, stayRatings, vouchers } from "@/db/schema";
import { MARKER } from "@/lib/audit/redact-personal";
import { writeAudit } from "@/lib/audit/write";
import { touchCase } from "@/lib/cases/load";
import { chunks } from "@/lib/chunks";
import type { Ctx } from "@/lib/context";
import { toE164 } from "@/lib/phone";
import { ERASED, holdsAny, type Needle, needlesOf, scrubText } from "./scrub-text";

export const PERSONAL_FIELDS = ["firstName", "lastName", "email", "phone"] as const;

export type ErasureResult = { erased: string[]; vouchers: number; emails: number; reviewItems: number; ratingComments: number; walkReasons: number };

/**
 * Erases the personal data of the named passengers of one case (those not erased yet), in the
 * caller's transaction: their names, email and phone become null with `erasedAt` set, and every
 * copy the service rendered from them is scrubbed — the vouchers of the case's reservations, the
 * emails about those reservations (the erased recipients' own messages lose address and body and
 * are never sent; the rows stay, so the delivery history does), review item details, the free
 * text of their stay's ratings and what a hotel wrote when it declined their group. One audit
 * entry names the passengers and the fields, never a value. Nothing else holds these values: the
 * audit writer never keeps them, job payloads and webhook deliveries carry ids only, logs mask
 * them (tests/integration/privacy proves it table by table). Passengers already erased are
 * skipped, so erasing twice changes nothing and writes no second entry.
 */
export async function eraseInCase(ctx: Ctx, kase: CaseRow, passengerIds: readonly string[] | "all", audit: { action: string; reason: string | null }): Promise<ErasureResult> {
  const rows = await ctx.db
    .select()
    .from(passengers)
    .where(and(eq(passengers.caseUrn, kase.urn), isNull(passengers.erasedAt), passengerIds === "all" ? undefined : inArray(passengers.passengerId, [...passengerIds])))
    .for("update");
  if (rows.length === 0) return { erased: [], vouchers: 0, emails: 0, reviewItems: 0, ratingComments: 0, walkReasons: 0 };
  const ids = rows.map((r) => r.passengerId);
  const needles = needlesOf(rows);
  // the recipients the outbox knows them by: emails lowercased, phones as E.164 (lib/messages/recipients.ts)
  const emails = [...new Set(rows.map((r) => r.email?.trim().toLowerCase()).filter((e): e is string => Boolean(e)))];
  const phones = [...new Set(rows.map((r) => toE164(r.phone)).filter((p): p is string => Boolean(p)))];

  const erasedAt = new Date();
  for (const chunk of chunks(ids, 1000)) {
    await ctx.db
      .update(passengers)
      .set({ firstName: null, lastName: null, email: null, phone: null, erasedAt })
      .where(and(eq(passengers.caseUrn, kase.urn), inArray(passengers.passengerId, chunk)));
  }
  const stays = (await ctx.db.select({ urn: reservations.urn }).from(reservations).where(eq(reservations.caseUrn, kase.urn))).map((r) => r.urn);
  const groupIds = [...new Set(rows.map((r) => r.groupId))];
  // first: the hotel's decline text is found in the review items whole, before the name scrub below rewrites them
  const walkReasons = await scrubWalkReasons(ctx, kase.urn, groupIds, needles);
  const result: ErasureResult = {
    erased: ids,
    vouchers: await scrubVouchers(ctx, stays, needles),
    emails: await scrubMessages(ctx, stays, [...emails, ...phones], needles),
    reviewItems: await scrubReviewItems(ctx, kase.urn, needles),
    ratingComments: await clearRatingComments(ctx, kase.urn, groupIds),
    walkReasons,
  };

  await writeAudit(ctx, {
    entity: "case",
    entityUrn: kase.urn,
    action: audit.action,
    airport: kase.airport,
    reason: audit.reason,
    // field names only: the values are never handed to the writer
    changes: [
      ...rows.flatMap((r) => PERSONAL_FIELDS.filter((f) => r[f] !== null).map((f) => ({ field: `passengers.${r.passengerId}.${f}`, before: MARKER, after: null }))),
      { field: "erasedPassengers", before: null, after: ids },
      { field: "scrubbed", before: null, after: { vouchers: result.vouchers, emails: result.emails, reviewItems: result.reviewItems, ratingComments: result.ratingComments, walkReasons: result.walkReasons } },
    ],
  });
  await touchCase(ctx, kase.urn);
  return result;
}

async function scrubVouchers(ctx: Ctx, stays: string[], needles: Needle[]): Promise<number> {
  if (stays.length === 0) return 0;
  const rows = await ctx.db.select({ urn: vouchers.urn, html: vouchers.html, text: vouchers.text }).from(vouchers).where(inArray(vouchers.reservationUrn, stays));
  let n = 0;
  for (const v of rows) {
    if (!holdsAny(v.html, needles) && !holdsAny(v.text, needles)) continue;
    await ctx.db.update(vouchers).set({ html: scrubText(v.html, needles), text: scrubText(v.text, needles) }).where(eq(vouchers.urn, v.urn));
    n++;
  }
  return n;
}

/**
 * Messages (email and SMS) about the case's reservations (a return-leg message's related urn is
 * `<reservation>#…`) and messages to an erased address or phone number. A message to an erased
 * passenger keeps its row (kind, channel, status, times) with address and body replaced; if it was
 * not sent yet it never will be (FAILED).
 */
async function scrubMessages(ctx: Ctx, stays: string[], addresses: string[], needles: Needle[]): Promise<number> {
  const about = stays.length ? inArray(sql`split_part(${messages.relatedUrn}, '#', 1)`, stays) : undefined;
  const to = addresses.length ? inArray(sql`lower(trim(${messages.recipient}))`, addresses) : undefined;
  if (!about && !to) return 0;
  const rows = await ctx.db
    .select()
    .from(messages)
    .where(and(eq(messages.tenant, ctx.principal.tenant), or(about, to)));
  let n = 0;
  for (const m of rows) {
    if (addresses.includes(m.recipient.trim().toLowerCase())) {
      const unsent = m.status === "QUEUED" || m.status === "KEPT";
      await ctx.db
        .update(messages)
        .set({
          recipient: `${ERASED} ${m.urn}`,
          subject: ERASED,
          html: m.channel === "SMS" ? "" : `<p>${ERASED}: the recipient's personal data was erased.</p>`,
          text: `${ERASED}: the recipient's personal data was erased.`,
          lastError: unsent ? "not sent: the recipient's personal data was erased" : m.lastError && scrubText(m.lastError, needles),
          ...(unsent ? { status: "FAILED" as const } : {}),
        })
        .where(eq(messages.urn, m.urn));
      n++;
    } else if ([m.subject, m.html, m.text, m.lastError].some((t) => holdsAny(t, needles))) {
      await ctx.db
        .update(messages)
        .set({ subject: scrubText(m.subject, needles), html: scrubText(m.html, needles), text: scrubText(m.text, needles), lastError: m.lastError && scrubText(m.lastError, needles) })
        .where(eq(messages.urn, m.urn));
      n++;
    }
  }
  return n;
}

/** Review details name passengers by id; an operator may still have typed a name into one. */
async function scrubReviewItems(ctx: Ctx, caseUrn: string, needles: Needle[]): Promise<number> {
  const rows = await ctx.db.select({ urn: reviewItems.urn, detail: reviewItems.detail }).from(reviewItems).where(eq(reviewItems.caseUrn, caseUrn));
  let n = 0;
  for (const r of rows) {
    if (!holdsAny(r.detail, needles)) continue;
    await ctx.db.update(reviewItems).set({ detail: scrubText(r.detail!, needles) }).where(eq(reviewItems.urn, r.urn));
    n++;
  }
  return n;
}

/**
 * The free text of the stay ratings of the erased passengers' reservations (their own comment, an
 * operator's note about them): cleared whole, since a comment may name anyone. The score and tags
 * stay: they hold no personal data and keep counting in the hotel's quality.
 */
async function clearRatingComments(ctx: Ctx, caseUrn: string, groupIds: string[]): Promise<number> {
  const stays = ctx.db.select({ urn: reservations.urn }).from(reservations).where(and(eq(reservations.caseUrn, caseUrn), inArray(reservations.groupId, groupIds)));
  const cleared = await ctx.db
    .update(stayRatings)
    .set({ comment: null, updatedAt: new Date() })
    .where(and(inArray(stayRatings.reservationUrn, stays), sql`${stayRatings.comment} IS NOT NULL`))
    .returning({ urn: stayRatings.urn });
  return cleared.length;
}

/** The walk's reason as lib/booking/walk.ts writes it, without the words the hotel or provider added. */
const walkedBecause = (reason: string) => `walked by the hotel: ${reason}`;
/** The direct contract's ledger line of a declined booking (lib/extranet/decline-booking.ts), without the hotel's words. */
const DECLINED_BY_THE_HOTEL = "declined by the hotel";

/**
 * What was said when the erased passengers' groups were walked: a hotel's decline reason is its
 * own free text (it may name a guest: "Mr X was abusive last time"), so it is cleared whole
 * wherever it was copied — the reservation's `walk_detail` (ERASED) and `cancellation_reason` (the
 * code stays: "walked by the hotel: DECLINED_BY_HOTEL"), the direct booking's `cancel_reason` and
 * the HOTEL_WALKED review item's detail. A provider's answer to a re-confirmation (a status, an
 * error) is the provider's text about the booking, not the hotel's about the guests: only the
 * erased names are scrubbed from it. The walk reason code and the times stay: the board and the
 * weekly report count walks by them. Answers how many reservations were touched.
 */
async function scrubWalkReasons(ctx: Ctx, caseUrn: string, groupIds: string[], needles: Needle[]): Promise<number> {
  const stays = await ctx.db
    .select()
    .from(reservations)
    .where(and(eq(reservations.caseUrn, caseUrn), inArray(reservations.groupId, groupIds), or(isNotNull(reservations.walkDetail), isNotNull(reservations.cancellationReason))));
  let n = 0;
  for (const r of stays) {
    const declined = r.walkReason === "DECLINED_BY_HOTEL";
    const walkDetail = declined ? (r.walkDetail === null ? null : ERASED) : r.walkDetail && scrubText(r.walkDetail, needles);
    const cancellationReason = declined ? walkedBecause(r.walkReason!) : r.cancellationReason && scrubText(r.cancellationReason, needles);
    if (r.provider === "DIRECT" && r.providerRef) await scrubDirectBooking(ctx, r.providerRef, declined, needles);
    if (walkDetail === r.walkDetail && cancellationReason === r.cancellationReason) continue;
    await ctx.db.update(reservations).set({ walkDetail, cancellationReason, updatedAt: new Date() }).where(eq(reservations.urn, r.urn));
    if (declined && r.walkDetail) await eraseInWalkItems(ctx, caseUrn, r.urn, r.walkDetail);
    n++;
  }
  return n;
}

/** HOTEL_WALKED items written before their detail stopped quoting the hotel (lib/booking/rehouse-fail.ts) may hold its words: replaced by ERASED. */
async function eraseInWalkItems(ctx: Ctx, caseUrn: string, reservationUrn: string, words: string): Promise<void> {
  const items = await ctx.db
    .select({ urn: reviewItems.urn, detail: reviewItems.detail })
    .from(reviewItems)
    .where(and(eq(reviewItems.caseUrn, caseUrn), eq(reviewItems.category, "HOTEL_WALKED"), sql`${reviewItems.reservationUrns} @> ${JSON.stringify([reservationUrn])}::jsonb`));
  for (const item of items) {
    if (!item.detail?.includes(words)) continue;
    await ctx.db.update(reviewItems).set({ detail: item.detail.split(words).join(ERASED) }).where(eq(reviewItems.urn, item.urn));
  }
}

/** The direct contract's own copy: a decline's line keeps its prefix only; another cancel reason loses the erased names. */
async function scrubDirectBooking(ctx: Ctx, reference: string, declined: boolean, needles: Needle[]): Promise<void> {
  const key = and(eq(directBookings.tenant, ctx.principal.tenant), eq(directBookings.reference, reference));
  const [row] = await ctx.db.select({ cancelReason: directBookings.cancelReason }).from(directBookings).where(key).limit(1);
  if (!row?.cancelReason) return;
  const cancelReason = declined && row.cancelReason.startsWith(DECLINED_BY_THE_HOTEL) ? DECLINED_BY_THE_HOTEL : scrubText(row.cancelReason, needles);
  if (cancelReason !== row.cancelReason) await ctx.db.update(directBookings).set({ cancelReason, updatedAt: new Date() }).where(key);
}
