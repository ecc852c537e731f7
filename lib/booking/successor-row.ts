import type { ReservationRow, StayChange } from "@/db/schema";
import type { StayCandidate } from "./stay-change-plan";
import { localTimeToUtc } from "@/lib/time-zones";
import { CHECK_IN_TIME, CHECK_OUT_TIME } from "./stay";

/**
 * The PENDING reservation that continues or replaces a stay, at the first candidate hotel: what a
 * re-accommodation's re-booking and a walk's rehousing both claim under the one-live-successor index.
 */
export function pendingSuccessor(
  row: ReservationRow,
  first: StayCandidate,
  { urn, timeZone, stayChange, bookingRun }: { urn: string; timeZone: string; stayChange: StayChange; bookingRun: string },
) {
  return {
    urn,
    tenant: row.tenant,
    caseUrn: row.caseUrn,
    waveUrn: row.waveUrn,
    groupId: row.groupId,
    hotelUrn: first.hotelUrn,
    hotelName: first.hotelName,
    provider: first.provider,
    providerOfferId: first.providerOfferId,
    clientReference: first.clientReference,
    status: "PENDING" as const,
    rooms: row.rooms,
    checkIn: localTimeToUtc(first.checkIn, CHECK_IN_TIME, timeZone),
    checkOut: localTimeToUtc(first.checkOut, CHECK_OUT_TIME, timeZone),
    total: { amount: 0, currency: row.total.currency },
    payment: row.payment,
    previousUrn: row.urn,
    stayChange,
    bookingRun,
  };
}
