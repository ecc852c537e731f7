// POST /api/v1/passenger/{token}/decline – the passengers need no hotel: the room is released
import { handle } from "@/lib/api/handler";
import { passengerDeclineRoute } from "@/lib/api/routes/passenger";
import { declineStay } from "@/lib/passenger/decline";
import { openPassengerLink, reopenPassengerLink } from "@/lib/passenger/link";
import { passengerStatus } from "@/lib/passenger/status";
import { requestLocale } from "@/lib/passenger/words";

export const POST = handle(passengerDeclineRoute, async ({ ctx, params, body, req }) => {
  const link = await openPassengerLink(ctx, params.token);
  await declineStay(link, body ?? {});
  return passengerStatus(await reopenPassengerLink(link), await requestLocale(link.ctx, link.reservation, req));
});
