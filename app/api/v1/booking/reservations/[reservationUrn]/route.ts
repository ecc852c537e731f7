// GET /api/v1/booking/reservations/{reservationUrn} – one reservation
import { handle } from "@/lib/api/handler";
import { getReservationRoute } from "@/lib/api/routes/booking";
import { getReservation } from "@/lib/booking";

export const GET = handle(getReservationRoute, ({ ctx, params }) => getReservation({ ctx, input: params }));
