import { database } from "@/db/client";
import { systemPrincipal } from "@/lib/auth/principal";
import type { Ctx } from "@/lib/context";
import { defineJob } from "@/lib/jobs/define";
import { attemptDelivery, MAX_ATTEMPTS } from "@/lib/webhooks/deliver";
import { background } from "./lanes";

type DbOf = () => Promise<Ctx["db"]>;
const appDb: DbOf = async () => (await database()).db;

/**
 * Sends one delivery (a page or a subscription's event): an attempt per step, a durable sleep of
 * the backoff between attempts (lib/webhooks/deliver.ts RETRY_DELAYS_MS), so a restart resumes the
 * schedule. The row records every attempt; a delivered row is never sent again.
 */
export function deliverWebhookJob(db: DbOf = appDb) {
  return defineJob({
    // a background lane of 8 (a subscriber's slow endpoint holds its slot), within the lane's ceiling
    ...background(8),
    id: "deliver-webhook",
    event: "webhook/queued",
    handler: async ({ event, step }) => {
      for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
        const r = await step.run(`attempt-${attempt}`, async () =>
          attemptDelivery({ db: await db(), principal: systemPrincipal(event.data.tenant, "webhooks") }, event.data.deliveryUrn, attempt),
        );
        if (r.done) return r;
        await step.sleep(`backoff-${attempt}`, r.retryInMs);
      }
      return { done: false };
    },
  });
}

export const deliverWebhook = deliverWebhookJob();
