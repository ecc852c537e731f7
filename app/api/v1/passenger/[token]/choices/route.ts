// GET /api/v1/passenger/{token}/choices – the other hotels the passenger may still choose
import { handle } from "@/lib/api/handler";
import { passengerChoicesRoute } from "@/lib/api/routes/passenger";
import { listHotelChoices } from "@/lib/passenger/choices";
import { openPassengerLink } from "@/lib/passenger/link";

export const GET = handle(passengerChoicesRoute, async ({ ctx, params }) => listHotelChoices(await openPassengerLink(ctx, params.token)));
