import { inArray, sql } from "drizzle-orm";
import { groupBy } from "@/lib/group-by";
import { rowsOf } from "@/db/rows";
import { reservations, type BookingAttemptJson } from "@/db/schema";
import { writeAudit } from "@/lib/audit/write";
import { bookPassengers } from "@/lib/cases/passenger-transitions";
import { touchCaseAtCommit } from "@/lib/cases/load";
import type { Ctx } from "@/lib/context";
import { emit } from "@/lib/events";
import type { ProviderBooking } from "@/lib/providers/types";
import type { BookingPlan, Candidate } from "./plan";
import { houseGroups } from "@/lib/cases/group-stay";

/**
 * A provider confirmed: in one transaction (the caller's) the PENDING reservation becomes
 * CONFIRMED at the hotel that took it, the group points at it, its passengers are BOOKED, and
 * `reservation/confirmed` is emitted. The voucher and its emails react to that event after commit
 * (inngest/functions/issue-voucher.ts): rendering is slow work that must not hold this
 * transaction's locks. Only a PENDING row is confirmed; a reservation already confirmed with the
 * same booking is left as it is.
 */
/**
 * What a PENDING reservation becomes when a provider confirmed it at hotel `c`: the hotel that took
 * it, the provider's references, what was booked and the attempt appended. The booking and a stay
 * change (lib/booking/stay-change-attempt.ts) both confirm with it.
 */
export function confirmedAt(c: Pick<Candidate, "hotelUrn" | "hotelName" | "provider" | "providerOfferId">, booking: ProviderBooking, entry: BookingAttemptJson) {
  return {
    status: "CONFIRMED" as const,
    hotelUrn: c.hotelUrn,
    hotelName: c.hotelName,
    provider: c.provider,
    providerOfferId: c.providerOfferId,
    providerRef: booking.reference,
    confirmationCode: booking.confirmationCode,
    clientReference: booking.clientReference,
    rooms: booking.rooms,
    total: { amount: booking.totalAmount, currency: booking.currency },
    attempts: sql`${reservations.attempts} || ${JSON.stringify([entry])}::jsonb`,
    bookingRun: null,
  };
}

/**
 * Stays of a case confirmed in the caller's transaction: a `reservation/confirmed` fact each (what
 * webhooks publish) and one `stays/confirmed` for them all, which starts their passenger's flow
 * together (inngest/functions/passenger-flow.ts: one run for a wave's chunk, not one per stay).
 */
export async function publishConfirmed(tx: Ctx, caseUrn: string, reservationUrns: string[]): Promise<void> {
  for (const reservationUrn of reservationUrns) await emit(tx, "reservation/confirmed", { tenant: tx.principal.tenant, caseUrn, reservationUrn });
  if (reservationUrns.length) await emit(tx, "stays/confirmed", { tenant: tx.principal.tenant, caseUrn, reservationUrns });
}

export type Confirmation = { plan: BookingPlan; candidate: Candidate; booking: ProviderBooking; entry: BookingAttemptJson };

/**
 * One stay confirmed: a direct contract books in the caller's transaction with it, a provider's
 * answer is recorded in the transaction after it. Throws when the row is no longer PENDING and the
 * booking is not the one it holds (the provider's booking would be left unrecorded).
 */
export async function confirmReservation(tx: Ctx, plan: BookingPlan, c: Candidate, booking: ProviderBooking, entry: BookingAttemptJson): Promise<void> {
  const { lost } = await confirmReservations(tx, [{ plan, candidate: c, booking, entry }]);
  if (lost.length) throw new Error(lost[0]);
}

/**
 * Stays confirmed together (a wave's chunk, lib/booking/book-chunk.ts; a single booking is a chunk
 * of one): the PENDING rows become CONFIRMED in one statement, their groups point at them in one,
 * their passengers are BOOKED in one, the audit entries and the case's revision are written at the
 * commit in one each, and a `reservation/confirmed` per stay joins the outbox in one insert. A row
 * that is no longer PENDING is left alone: CONFIRMED with the same booking is done already
 * (a replay); anything else is answered in `lost`, with why.
 */
export async function confirmReservations(tx: Ctx, items: Confirmation[]): Promise<{ confirmed: string[]; lost: string[] }> {
  if (items.length === 0) return { confirmed: [], lost: [] };
  const values = items.map(({ plan, candidate: c, booking, entry }) => ({
    urn: plan.reservationUrn,
    hotel_urn: c.hotelUrn,
    hotel_name: c.hotelName,
    provider: c.provider,
    provider_offer_id: c.providerOfferId,
    provider_ref: booking.reference,
    confirmation_code: booking.confirmationCode,
    client_reference: booking.clientReference,
    rooms: booking.rooms,
    total: { amount: booking.totalAmount, currency: booking.currency },
    attempt: [entry],
  }));
  const updated = rowsOf<{ urn: string }>(
    await tx.db.execute(sql`
      UPDATE reservations r SET status = 'CONFIRMED', hotel_urn = v.hotel_urn, hotel_name = v.hotel_name, provider = v.provider,
        provider_offer_id = v.provider_offer_id, provider_ref = v.provider_ref, confirmation_code = v.confirmation_code,
        client_reference = v.client_reference, rooms = v.rooms, total = v.total, attempts = r.attempts || v.attempt,
        booking_run = NULL, updated_at = now()
      FROM jsonb_to_recordset(${JSON.stringify(values)}::jsonb) AS v(urn text, hotel_urn text, hotel_name text, provider text,
        provider_offer_id text, provider_ref text, confirmation_code text, client_reference text, rooms int, total jsonb, attempt jsonb)
      WHERE r.urn = v.urn AND r.status = 'PENDING'
      RETURNING r.urn`),
  );
  const done = new Set(updated.map((r) => r.urn));
  const rest = items.filter((i) => !done.has(i.plan.reservationUrn));
  const lost: string[] = [];
  if (rest.length) {
    const now = await tx.db
      .select({ urn: reservations.urn, status: reservations.status, providerRef: reservations.providerRef })
      .from(reservations)
      .where(inArray(reservations.urn, rest.map((i) => i.plan.reservationUrn)));
    for (const { plan, booking } of rest) {
      const row = now.find((r) => r.urn === plan.reservationUrn);
      if (row?.status === "CONFIRMED" && row.providerRef === booking.reference) continue;
      lost.push(`reservation ${plan.reservationUrn} is ${row?.status ?? "gone"}, not PENDING: the booking ${booking.provider} ${booking.reference} was not recorded`);
    }
  }
  const confirmed = items.filter((i) => done.has(i.plan.reservationUrn));
  for (const [caseUrn, ofCase] of groupBy(confirmed, (i) => i.plan.caseUrn)) {
    await houseGroups(tx.db, { caseUrn, stays: ofCase.map((i) => ({ groupId: i.plan.groupId, reservationUrn: i.plan.reservationUrn, hotelUrn: i.candidate.hotelUrn })) });
    // a rebook from review finds the group HELD, a manual booking may find it waiting: placed, then booked
    await bookPassengers(tx.db, { caseUrn, groupIds: ofCase.map((i) => i.plan.groupId) });
    await touchCaseAtCommit(tx, caseUrn);
    // a fact per stay, and one event that starts the flow of the case's stays together
    await publishConfirmed(tx, caseUrn, ofCase.map((i) => i.plan.reservationUrn));
  }
  for (const { plan, candidate: c, booking } of confirmed) {
    await writeAudit(tx, {
      entity: "reservation",
      entityUrn: plan.reservationUrn,
      action: "confirm",
      airport: plan.airport,
      reason: c.rank === 1 ? "booked at the allocated hotel" : `booked at fallback hotel rank ${c.rank}`,
      before: { status: "PENDING" },
      after: { status: "CONFIRMED", hotelUrn: c.hotelUrn, provider: c.provider, confirmationCode: booking.confirmationCode, groupId: plan.groupId },
    });
  }
  return { confirmed: confirmed.map((i) => i.plan.reservationUrn), lost };
}
