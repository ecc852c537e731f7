import type { ReconfirmationRow, ReservationRow } from "@/db/schema";
import type { Reconfirmation, Reservation } from "./schemas";

/** The API's view of a row: the payment method only (never a token), times in ISO UTC. */
export function toReservation(row: ReservationRow, extra: { airport: string; voucherUrn: string | null; cancellable: boolean; reconfirmations: ReconfirmationRow[] }): Reservation {
  return {
    urn: row.urn,
    caseUrn: row.caseUrn,
    waveUrn: row.waveUrn,
    groupId: row.groupId,
    airport: extra.airport,
    hotelUrn: row.hotelUrn,
    hotelName: row.hotelName,
    provider: row.provider,
    providerOfferId: row.providerOfferId,
    providerRef: row.providerRef,
    confirmationCode: row.confirmationCode,
    status: row.status,
    rooms: row.rooms,
    checkIn: row.checkIn.toISOString(),
    checkOut: row.checkOut.toISOString(),
    total: row.total,
    payment: { method: row.payment.method },
    cancellationReason: row.cancellationReason,
    voucherUrn: extra.voucherUrn,
    previousUrn: row.previousUrn,
    stayChange: row.stayChange,
    cancellable: extra.cancellable,
    attempts: row.attempts.map((a) => ({ ...a })),
    reconfirmations: extra.reconfirmations.map(toReconfirmation),
    walkedAt: row.walkedAt?.toISOString() ?? null,
    walkReason: row.walkReason,
    walkDetail: row.walkDetail,
    hotelConfirmation: row.hotelConfirmation,
    hotelConfirmedAt: row.hotelConfirmedAt?.toISOString() ?? null,
    arrival: row.arrival,
    arrivalRecordedAt: row.arrivalRecordedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toReconfirmation(r: ReconfirmationRow): Reconfirmation {
  return {
    moment: r.moment,
    dueAt: r.dueAt.toISOString(),
    status: r.status,
    checkedAt: r.checkedAt?.toISOString() ?? null,
    providerStatus: r.providerStatus,
    lastError: r.lastError,
    attempts: r.attempts,
  };
}
