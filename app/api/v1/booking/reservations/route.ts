// GET /api/v1/booking/reservations – list reservations
import { handle } from "@/lib/api/handler";
import { listReservationsRoute } from "@/lib/api/routes/booking";
import { listReservations } from "@/lib/booking";

export const GET = handle(listReservationsRoute, ({ ctx, query }) => listReservations({ ctx, input: query }));
