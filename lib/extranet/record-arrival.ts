import { eq } from "drizzle-orm";
import { z } from "zod";
import { reservations } from "@/db/schema";
import { writeAudit } from "@/lib/audit/write";
import { loadScopedHotel } from "@/lib/hotels/scope";
import { requirePermission } from "@/lib/auth/require";
import { assertReservationTransition } from "@/lib/booking/transitions";
import { type Ctx, transaction } from "@/lib/context";
import { parseInput } from "@/lib/validation";
import { loadHotelReservation, toHotelBooking } from "./hotel-booking";
import { CheckInBody, type HotelBooking } from "./schemas";

const RecordArrivalInput = CheckInBody.extend({ hotelUrn: z.string(), reservationUrn: z.string() });
export type RecordArrivalInput = z.input<typeof RecordArrivalInput>;

/**
 * POST /hotels/{hotelUrn}/check-ins: the desk records whether a group arrived (CHECKED_IN) or not
 * (NO_SHOW), for a booking of any source at that hotel. Recording again corrects the record (the
 * desk marks a late group that did come); each change is audited with before and after, and the
 * same answer twice writes nothing. A walked or cancelled booking has no guests to record: 409.
 */
export async function recordArrival({ ctx, input }: { ctx: Ctx; input: RecordArrivalInput }): Promise<HotelBooking> {
  requirePermission(ctx, "hotel:extranet", "record a group's arrival");
  const { hotelUrn, reservationUrn, status } = parseInput(RecordArrivalInput, input);
  const hotel = await loadScopedHotel(ctx, hotelUrn);
  return transaction(ctx, async (tx) => {
    const { row, airport } = await loadHotelReservation(tx, hotel.urn, reservationUrn);
    assertReservationTransition("recordArrival", row.status, row.urn);
    if (row.arrival === status) return toHotelBooking(row);
    const [after] = await tx.db.update(reservations).set({ arrival: status, arrivalRecordedAt: new Date() }).where(eq(reservations.urn, row.urn)).returning();
    await writeAudit(tx, {
      entity: "reservation",
      entityUrn: row.urn,
      action: "record-arrival",
      airport,
      reason: row.arrival ? `the desk corrected its record (${row.arrival} → ${status})` : `recorded by the desk of ${hotel.name}`,
      before: { arrival: row.arrival },
      after: { arrival: after.arrival },
    });
    return toHotelBooking(after);
  });
}
