import type { Ctx } from "@/lib/context";
import type { EventData } from "@/lib/events/catalogue";
import { queueStayMessages, reservationOf } from "./voucher";

/**
 * The `reservation/changed` subscriber: a stay changed in place (its dates at the same hotel), so
 * the group gets STAY_CHANGED messages with the refreshed voucher and link, once per version of the
 * stay (a ride-only voucher refresh is no new version and tells nobody anything).
 */
export async function queueStayChangedMessages(ctx: Ctx, event: EventData<"reservation/changed">): Promise<number> {
  const reservation = await reservationOf(ctx, event.reservationUrn);
  if (!reservation || reservation.status !== "CONFIRMED") return 0;
  return queueStayMessages(ctx, reservation, "STAY_CHANGED", event.version);
}
