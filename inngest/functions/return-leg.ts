import { defineJob } from "@/lib/jobs/define";
import { systemCtxFor } from "@/lib/jobs/system-ctx";
import { queueReturnLegMessages, RETURN_LEG_LEAD_MS } from "@/lib/messages/return-leg";
import { followNextFlight } from "@/lib/transport";
import { BACKGROUND } from "./lanes";

const systemCtx = systemCtxFor("notifications");

/**
 * The return-leg email (issue 9 part 5): a durable sleep until 12 hours before the re-accommodated
 * flight, then one message per passenger address (email and SMS) with the pickup time of their ride to the airport. A later
 * patch of the same case cancels the sleeping run (cancelOn) and starts its own; the outbox's
 * unique key (reservation and flight in related_urn) means a repeated patch never sends twice.
 * Already inside the 12 hours: at once, after re-timing the rides to the airport itself
 * (followNextFlight is idempotent, and the transport job on the same event may not have run yet),
 * so the email never carries the old pickup time.
 */
export const returnLegEmail = defineJob({
  ...BACKGROUND,
  id: "return-leg-email",
  event: "case/reaccommodated",
  retries: 4,
  cancelOn: [{ event: "case/reaccommodated", match: "data.caseUrn" }],
  handler: async ({ event, step }) => {
    const { tenant, caseUrn, nextFlight, overnight } = event.data;
    if (!overnight) return { queued: 0, why: "no overnight gap: nobody returns from a hotel" };
    const ctx = await systemCtx(tenant);
    const sendAt = Date.parse(nextFlight.scheduledDeparture) - RETURN_LEG_LEAD_MS;
    if (event.ts >= sendAt) {
      await step.run("retime", () => followNextFlight(ctx, { caseUrn, overnight, nextDeparture: nextFlight.scheduledDeparture }));
    } else {
      await step.sleepUntil("until-12h-before", new Date(sendAt));
    }
    const queued = await step.run("enqueue", () => queueReturnLegMessages(ctx, { caseUrn, nextFlight }));
    return { queued };
  },
});
