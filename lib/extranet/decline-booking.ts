import { and, eq } from "drizzle-orm";
import type { z } from "zod";
import { directBookings, reservations } from "@/db/schema";
import { writeAudit } from "@/lib/audit/write";
import { loadScopedHotel } from "@/lib/hotels/scope";
import { requirePermission } from "@/lib/auth/require";
import { assertReservationTransition } from "@/lib/booking/transitions";
import { walkReservation } from "@/lib/booking/walk";
import { type Ctx, transaction } from "@/lib/context";
import { parseInput } from "@/lib/validation";
import { assertDirect, loadHotelReservation, toHotelBooking } from "./hotel-booking";
import { BookingRef, DeclineBookingBody, type HotelBooking } from "./schemas";

const DeclineInput = DeclineBookingBody.extend(BookingRef.shape);
export type DeclineInput = z.input<typeof DeclineInput>;

/**
 * POST /hotels/{hotelUrn}/bookings/{reservationUrn}/decline: the contracted hotel cannot take the
 * group after all. The reservation is walked (DECLINED_BY_HOTEL, the hotel's reason as detail), so
 * `reservation/walked` rehouses the group as a failed re-confirmation would, and it records the
 * hotel's answer DECLINED. The rooms are not given back to the contract: the hotel has none. The
 * direct booking is closed with it. A second decline answers the first; one of a booking no
 * longer CONFIRMED is 409 INVALID_TRANSITION. Audited (the walk and the answer).
 */
export async function declineHotelBooking({ ctx, input }: { ctx: Ctx; input: DeclineInput }): Promise<HotelBooking> {
  requirePermission(ctx, "hotel:extranet", "decline a hotel booking");
  const { hotelUrn, reservationUrn, reason } = parseInput(DeclineInput, input);
  const hotel = await loadScopedHotel(ctx, hotelUrn);
  return transaction(ctx, async (tx) => {
    const { row, airport } = await loadHotelReservation(tx, hotel.urn, reservationUrn);
    assertDirect(row);
    if (row.hotelConfirmation === "DECLINED") return toHotelBooking(row);
    assertReservationTransition("walk", row.status, row.urn);
    // the row is locked above, so the walk finds it CONFIRMED and not walked: it happens here, once
    await walkReservation(tx, { reservationUrn: row.urn, reason: "DECLINED_BY_HOTEL", detail: reason });
    const [after] = await tx.db.update(reservations).set({ hotelConfirmation: "DECLINED", hotelConfirmedAt: new Date() }).where(eq(reservations.urn, row.urn)).returning();
    // the contract's own ledger: the booking ends without its rooms going back to the allotment
    if (row.providerRef) {
      await tx.db
        .update(directBookings)
        .set({ status: "CANCELLED", cancelReason: `declined by the hotel: ${reason}` })
        .where(and(eq(directBookings.tenant, tx.principal.tenant), eq(directBookings.reference, row.providerRef), eq(directBookings.status, "CONFIRMED")));
    }
    await writeAudit(tx, {
      entity: "reservation",
      entityUrn: row.urn,
      action: "hotel-decline",
      airport,
      // the hotel's words stay on the reservation (erasure scrubs them there), never in the audit
      reason: "declined by the hotel (reason given)",
      before: { hotelConfirmation: row.hotelConfirmation },
      after: { hotelConfirmation: after.hotelConfirmation },
    });
    return toHotelBooking(after);
  });
}
