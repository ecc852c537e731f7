// POST /api/v1/passenger/{token}/decline – the passengers need no hotel: the room is released
import { handle } from "@/lib/api/handler";
import { passengerDeclineRoute } from "@/lib/api/routes/passenger";
import { declineStay } from "@/lib/passenger/decline";
import { openPassengerLink, reopenPassengerLink } from "@/lib/passenger/link";
import { passengerStatus } from "@/lib/passenger/status";
import { requestLocale } from "@/lib/passenger/words";

export const POST = handle(passengerDeclineRoute, async ({ ctx, params, body, req }) => {
  const link = await openPassengerLink(ctx, params.token);
  // the page's language, for a refusal too
  const locale = await requestLocale(link.ctx, link.reservation, req);
  await declineStay(link, body ?? {}, locale);
  return passengerStatus(await reopenPassengerLink(link), locale);
});
