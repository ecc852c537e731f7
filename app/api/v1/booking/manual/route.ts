// POST /api/v1/booking/manual – book a group at a given offer, skipping ranking
import { handle } from "@/lib/api/handler";
import { created } from "@/lib/api/reply";
import { manualBookingRoute } from "@/lib/api/routes/booking";
import { bookManually } from "@/lib/booking";

export const POST = handle(manualBookingRoute, async ({ ctx, body }) => {
  const record = await bookManually({ ctx, input: body });
  return created(record, `/api/v1/booking/reservations/${record.urn}`);
});
