import { database } from "@/db/client";
import { systemPrincipal } from "@/lib/auth/principal";
import type { Ctx } from "@/lib/context";
import { defineJob } from "@/lib/jobs/define";
import { DELIVER_MESSAGE_JOB, deliverMessage } from "@/lib/messages/deliver";
import { staleQueued } from "@/lib/messages/stale";
import { PASSENGER_MESSAGE } from "./lanes";

/** Attempts per message: the first and 5 retries, with the runner's exponential backoff between. */
export const DELIVERY_RETRIES = 5;

type DbOf = () => Promise<Ctx["db"]>;
const appDb: DbOf = async () => (await database()).db;

/**
 * Sends one outbox message, email or SMS, on `message/queued`. A transient failure throws and the
 * runner retries the step with backoff (at least a gateway's Retry-After); the last attempt records
 * FAILED. The outbox row, not this run, decides whether it was sent already (a redelivered event
 * finds it SENT and does nothing), and an SMS retry carries the same idempotency key.
 */
export function deliverMessageJob(db: DbOf = appDb) {
  return defineJob({
    ...PASSENGER_MESSAGE,
    id: DELIVER_MESSAGE_JOB,
    event: "message/queued",
    retries: DELIVERY_RETRIES,
    concurrency: { limit: 32 },
    handler: async ({ event, step, attempt }) =>
      step.run("send", async () => {
        const ctx: Ctx = { db: await db(), principal: systemPrincipal(event.data.tenant, "messages") };
        return deliverMessage(ctx, event.data.messageUrn, { lastAttempt: attempt >= DELIVERY_RETRIES });
      }),
  });
}

/**
 * Every 5 minutes: messages whose `message/queued` event was lost (or whose run gave up while the
 * row stayed QUEUED), and those KEPT before their channel's server was configured, are queued again.
 */
export function deliverMessageSweepJob(db: DbOf = appDb) {
  return defineJob({
    id: "deliver-message-sweep",
    cron: "*/5 * * * *",
    retries: 1,
    handler: async ({ step }) => {
      const stale = await step.run("find", async () => staleQueued({ db: await db(), principal: systemPrincipal("", "messages") }, { olderThanMs: 5 * 60_000, limit: 500 }));
      if (stale.length === 0) return { requeued: 0 };
      await step.sendEvent(
        "requeue",
        stale.map((m) => ({ name: "message/queued" as const, data: { tenant: m.tenant, messageUrn: m.urn } })),
      );
      return { requeued: stale.length };
    },
  });
}

export const deliverMessageOnQueued = deliverMessageJob();
export const deliverMessageSweep = deliverMessageSweepJob();
