// POST /api/v1/passenger/{token}/choice – move to another hotel while the choice is open
import { handle } from "@/lib/api/handler";
import { passengerChoiceRoute } from "@/lib/api/routes/passenger";
import { chooseHotel } from "@/lib/passenger/choose";
import { openPassengerLink, reopenPassengerLink } from "@/lib/passenger/link";
import { passengerStatus } from "@/lib/passenger/status";
import { requestLocale } from "@/lib/passenger/words";

export const POST = handle(passengerChoiceRoute, async ({ ctx, params, body, req }) => {
  const link = await openPassengerLink(ctx, params.token);
  // the page's language, for a refusal too
  const locale = await requestLocale(link.ctx, link.reservation, req);
  await chooseHotel(link, body, { locale });
  return passengerStatus(await reopenPassengerLink(link), locale);
});
