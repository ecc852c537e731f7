import { and, eq, sql } from "drizzle-orm";
import { reservations, type BookingAttemptJson, type ReservationRow } from "@/db/schema";
import { writeAudit } from "@/lib/audit/write";
import { bookPassengers } from "@/lib/cases/passenger-transitions";
import { touchCaseAtCommit } from "@/lib/cases/load";
import type { Ctx } from "@/lib/context";
import { emit } from "@/lib/events";
import type { ProviderBooking } from "@/lib/providers/types";
import type { BookingPlan, Candidate } from "./plan";
import { houseGroup } from "@/lib/cases/group-stay";

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

export async function confirmReservation(tx: Ctx, plan: BookingPlan, c: Candidate, booking: ProviderBooking, entry: BookingAttemptJson): Promise<ReservationRow> {
  const [row] = await tx.db
    .update(reservations)
    .set(confirmedAt(c, booking, entry))
    .where(and(eq(reservations.urn, plan.reservationUrn), eq(reservations.status, "PENDING")))
    .returning();
  if (!row) {
    const [now] = await tx.db.select().from(reservations).where(eq(reservations.urn, plan.reservationUrn)).limit(1);
    if (now && now.status === "CONFIRMED" && now.providerRef === booking.reference) return now;
    throw new Error(`reservation ${plan.reservationUrn} is ${now?.status ?? "gone"}, not PENDING: the booking ${booking.provider} ${booking.reference} was not recorded`);
  }
  await houseGroup(tx.db, { caseUrn: plan.caseUrn, groupId: plan.groupId, reservationUrn: row.urn, hotelUrn: c.hotelUrn });
  // a rebook from review finds the group HELD, a manual booking may find it waiting: placed, then booked
  await bookPassengers(tx.db, { caseUrn: plan.caseUrn, groupIds: [plan.groupId] });
  await writeAudit(tx, {
    entity: "reservation",
    entityUrn: row.urn,
    action: "confirm",
    airport: plan.airport,
    reason: c.rank === 1 ? "booked at the allocated hotel" : `booked at fallback hotel rank ${c.rank}`,
    before: { status: "PENDING" },
    after: { status: "CONFIRMED", hotelUrn: c.hotelUrn, provider: c.provider, confirmationCode: booking.confirmationCode, groupId: plan.groupId },
  });
  await touchCaseAtCommit(tx, plan.caseUrn);
  await emit(tx, "reservation/confirmed", { tenant: tx.principal.tenant, caseUrn: plan.caseUrn, reservationUrn: row.urn });
  return row;
}
