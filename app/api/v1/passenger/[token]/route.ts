// GET /api/v1/passenger/{token} – the passenger's stay as JSON (the link is the credential)
import { handle } from "@/lib/api/handler";
import { passengerStatusRoute } from "@/lib/api/routes/passenger";
import { openPassengerLink } from "@/lib/passenger/link";
import { passengerStatus } from "@/lib/passenger/status";
import { requestLocale } from "@/lib/passenger/words";

export const GET = handle(passengerStatusRoute, async ({ ctx, params, query, req }) => {
  const link = await openPassengerLink(ctx, params.token);
  return passengerStatus(link, await requestLocale(link.ctx, link.reservation, req, query.lang));
});
