import { eq } from "drizzle-orm";
import { z } from "zod";
import { reservations } from "@/db/schema";
import { writeAudit } from "@/lib/audit/write";
import { loadScopedHotel } from "@/lib/hotels/scope";
import { requirePermission } from "@/lib/auth/require";
import { type Ctx, transaction } from "@/lib/context";
import { conflict } from "@/lib/errors";
import { assertReservationTransition } from "@/lib/booking/transitions";
import { parseInput } from "@/lib/validation";
import { assertDirect, loadHotelReservation, toHotelBooking } from "./hotel-booking";
import { BookingRef, type HotelBooking } from "./schemas";

export type ConfirmBookingInput = z.input<typeof BookingRef>;

/**
 * POST /hotels/{hotelUrn}/bookings/{reservationUrn}/confirm: the contracted hotel holds the rooms
 * of a direct booking. Idempotent (a second confirm answers the first, writes nothing); a booking
 * the hotel declined stays declined (409: the group was rehoused). Audited.
 */
export async function confirmHotelBooking({ ctx, input }: { ctx: Ctx; input: ConfirmBookingInput }): Promise<HotelBooking> {
  requirePermission(ctx, "hotel:extranet", "confirm a hotel booking");
  const { hotelUrn, reservationUrn } = parseInput(BookingRef, input);
  const hotel = await loadScopedHotel(ctx, hotelUrn);
  return transaction(ctx, async (tx) => {
    const { row, airport } = await loadHotelReservation(tx, hotel.urn, reservationUrn);
    assertDirect(row);
    if (row.hotelConfirmation === "CONFIRMED") return toHotelBooking(row);
    if (row.hotelConfirmation === "DECLINED") throw conflict("INVALID_TRANSITION", `Reservation ${row.urn} was declined by the hotel and its group rehoused; it cannot be confirmed again.`);
    assertReservationTransition("hotelConfirm", row.status, row.urn);
    const [after] = await tx.db.update(reservations).set({ hotelConfirmation: "CONFIRMED", hotelConfirmedAt: new Date() }).where(eq(reservations.urn, row.urn)).returning();
    await writeAudit(tx, {
      entity: "reservation",
      entityUrn: row.urn,
      action: "hotel-confirm",
      airport,
      reason: `confirmed by the hotel ${hotel.name}`,
      before: { hotelConfirmation: row.hotelConfirmation },
      after: { hotelConfirmation: after.hotelConfirmation },
    });
    return toHotelBooking(after);
  });
}
