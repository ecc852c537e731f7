import { and, eq } from "drizzle-orm";
import { cases, type ReservationRow, reservations } from "@/db/schema";
import type { Ctx } from "@/lib/context";
import { conflict, notFound } from "@/lib/errors";
import type { HotelBooking } from "./schemas";

/**
 * A reservation the hotel in the path may act on, locked for the change: one of the caller's
 * tenant at that very hotel. Anything else (another hotel's, another airline's, an unknown URN)
 * is the same 404, so a hotel learns nothing of bookings that are not its own. Returns the
 * case's airport for the audit entry.
 */
export async function loadHotelReservation(tx: Ctx, hotelUrn: string, reservationUrn: string): Promise<{ row: ReservationRow; airport: string | null }> {
  const [found] = await tx.db
    .select({ row: reservations, airport: cases.airport })
    .from(reservations)
    .innerJoin(cases, eq(cases.urn, reservations.caseUrn))
    .where(and(eq(reservations.urn, reservationUrn), eq(reservations.tenant, tx.principal.tenant), eq(reservations.hotelUrn, hotelUrn)))
    .limit(1)
    .for("update", { of: reservations });
  if (!found) throw notFound(`Reservation ${reservationUrn} at hotel ${hotelUrn}`);
  return found;
}

/** Confirm and decline are the contracted hotel's answers to its own bookings: another source's booking is answered at that source. */
export function assertDirect(row: ReservationRow): void {
  if (row.provider !== "DIRECT") {
    throw conflict("CONFLICT", `Reservation ${row.urn} was booked through ${row.provider}, not on the direct contract: confirm or decline it with ${row.provider}.`);
  }
}

export function toHotelBooking(row: ReservationRow): HotelBooking {
  return {
    reservationUrn: row.urn,
    hotelUrn: row.hotelUrn,
    status: row.status,
    hotelConfirmation: row.hotelConfirmation,
    hotelConfirmedAt: row.hotelConfirmedAt?.toISOString() ?? null,
    arrival: row.arrival,
    arrivalRecordedAt: row.arrivalRecordedAt?.toISOString() ?? null,
    walkedAt: row.walkedAt?.toISOString() ?? null,
    walkReason: row.walkReason,
  };
}
