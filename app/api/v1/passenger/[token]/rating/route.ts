// POST /api/v1/passenger/{token}/rating – the passengers rate their stay, once per reservation
import { handle } from "@/lib/api/handler";
import { created } from "@/lib/api/reply";
import { passengerRatingRoute } from "@/lib/api/routes/quality";
import { openPassengerLink } from "@/lib/passenger/link";
import { rateStay } from "@/lib/quality/rate-stay";

export const POST = handle(passengerRatingRoute, async ({ ctx, params, body }) => {
  const link = await openPassengerLink(ctx, params.token);
  const rating = await rateStay(link, body);
  return created(rating, `/api/v1/passenger/${params.token}`);
});
