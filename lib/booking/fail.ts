import { and, eq } from "drizzle-orm";
import { reservations, type BookingAttemptJson } from "@/db/schema";
import { writeAudit } from "@/lib/audit/write";
import { touchCase } from "@/lib/cases/load";
import { movePassengers } from "@/lib/cases/passenger-transitions";
import { type Ctx, transaction } from "@/lib/context";
import { emit, type EventPayload } from "@/lib/events";
import { newUrn } from "@/lib/ids";
import type { ReviewCategory } from "@/lib/vocabulary";

export type FailedBooking = {
  caseUrn: string;
  waveUrn: string;
  groupId: string;
  airport: string;
  reservationUrn: string;
  /** the provider calls made, in order (the reservation's attempts log) */
  attempts: BookingAttemptJson[];
  /** why it ended, when no provider call says it (a refused payment, the job itself failing) */
  cause?: { reason: string; providerError?: string; hotelUrn?: string };
};

/**
 * Every option failed: the PENDING reservation is FAILED (kept as history), the group's
 * passengers are HELD, a review item lists each hotel tried with its last provider error, and the
 * case goes to MANUAL_REVIEW (both by review and cases reacting to `review/needed` after the commit). The category is PAYMENT_FAILED (MEDIUM) when the card was what every
 * hotel refused, else BOOKING_FAILED (HIGH). One transaction; a second call changes nothing.
 */
export async function failBooking(ctx: Ctx, input: FailedBooking): Promise<{ reviewUrn: string | null }> {
  return transaction(ctx, async (tx) => {
    const [row] = await tx.db
      .update(reservations)
      .set({ status: "FAILED", bookingRun: null })
      .where(and(eq(reservations.urn, input.reservationUrn), eq(reservations.status, "PENDING")))
      .returning();
    if (!row) return { reviewUrn: null };
    const attempted = attemptedHotels(input.attempts, input.cause);
    const paymentOnly = attempted.length > 0 && attempted.every((a) => a.reason === "payment-refused");
    const category: ReviewCategory = paymentOnly ? "PAYMENT_FAILED" : "BOOKING_FAILED";
    await movePassengers(tx.db, { caseUrn: input.caseUrn, groupIds: [input.groupId], to: "HELD", from: ["ALLOCATED"], skipOthers: true });
    const detail =
      category === "PAYMENT_FAILED"
        ? `Group ${input.groupId}: the payment was refused (${attempted.map((a) => a.providerError ?? a.reason).join("; ")}).`
        : `Group ${input.groupId}: every hotel tried refused or failed (${attempted.map((a) => `${a.hotelUrn}: ${a.reason}`).join("; ")}).`;
    // review raises the item and the case goes to review right after the commit (lib/reactions), before this returns
    const reviewUrn = newUrn("review");
    await emit(tx, "review/needed", {
      tenant: tx.principal.tenant,
      caseUrn: input.caseUrn,
      reviewUrn,
      airport: input.airport,
      category,
      affectedGroups: [input.groupId],
      detail,
      waveUrn: input.waveUrn,
      reservationUrns: [row.urn],
      attemptedHotels: attempted,
      escalate: { action: "book", reason: `${category}: ${detail}` },
    });
    await writeAudit(tx, {
      entity: "reservation",
      entityUrn: row.urn,
      action: "fail",
      airport: input.airport,
      reason: detail,
      before: { status: "PENDING" },
      after: { status: "FAILED", reviewUrn },
    });
    // the console polls the revision: the failed stay shows even when the status stays
    await touchCase(tx, input.caseUrn);
    return { reviewUrn };
  });
}

/** One entry per hotel, in the order tried, with its last outcome. */
type AttemptedHotel = NonNullable<EventPayload<"review/needed">["attemptedHotels"]>[number];

export function attemptedHotels(attempts: BookingAttemptJson[], cause?: FailedBooking["cause"]): AttemptedHotel[] {
  const byHotel = new Map<string, AttemptedHotel>();
  for (const a of attempts) {
    if (a.outcome === "CONFIRMED") continue;
    byHotel.delete(a.hotelUrn);
    byHotel.set(a.hotelUrn, { hotelUrn: a.hotelUrn, reason: a.reason ?? "failed", ...(a.providerError ? { providerError: a.providerError } : {}) });
  }
  if (cause && (cause.hotelUrn || byHotel.size === 0)) {
    const hotelUrn = cause.hotelUrn ?? "";
    byHotel.set(hotelUrn, { hotelUrn, reason: cause.reason, ...(cause.providerError ? { providerError: cause.providerError } : {}) });
  }
  return [...byHotel.values()];
}
