// POST /api/v1/booking/reservations/{reservationUrn}/cancel – cancel a reservation with a reason
import { handle } from "@/lib/api/handler";
import { cancelReservationRoute } from "@/lib/api/routes/booking";
import { cancelReservation } from "@/lib/booking";

export const POST = handle(cancelReservationRoute, ({ ctx, params, body }) => cancelReservation({ ctx, input: { ...body, ...params } }));
