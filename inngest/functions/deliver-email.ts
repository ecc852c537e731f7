import { database } from "@/db/client";
import { systemPrincipal } from "@/lib/auth/principal";
import type { Ctx } from "@/lib/context";
import { defineJob } from "@/lib/jobs/define";
import { DELIVER_EMAIL_JOB, deliverEmail, staleQueued } from "@/lib/notifications/deliver";

/** Attempts per message: the first and 5 retries, with the runner's exponential backoff between. */
export const DELIVERY_RETRIES = 5;

type DbOf = () => Promise<Ctx["db"]>;
const appDb: DbOf = async () => (await database()).db;

/**
 * Sends one outbox message on `message/queued`. A transient SMTP failure throws and the runner
 * retries the step with backoff; the last attempt records FAILED. The outbox row, not this run,
 * decides whether it was sent already (a redelivered event finds it SENT and does nothing).
 */
export function deliverEmailJob(db: DbOf = appDb) {
  return defineJob({
    id: DELIVER_EMAIL_JOB,
    event: "message/queued",
    retries: DELIVERY_RETRIES,
    concurrency: { limit: 8 },
    handler: async ({ event, step, attempt }) =>
      step.run("send", async () => {
        const ctx: Ctx = { db: await db(), principal: systemPrincipal(event.data.tenant, "mailer") };
        return deliverEmail(ctx, event.data.messageUrn, { lastAttempt: attempt >= DELIVERY_RETRIES });
      }),
  });
}

/**
 * Every 5 minutes: queued mail whose `message/queued` event was lost (or whose run gave up while the
 * row stayed QUEUED), and mail KEPT before SMTP_URL was set, is queued again.
 */
export function deliverEmailSweepJob(db: DbOf = appDb) {
  return defineJob({
    id: "deliver-email-sweep",
    cron: "*/5 * * * *",
    retries: 1,
    handler: async ({ step }) => {
      const stale = await step.run("find", async () => staleQueued({ db: await db(), principal: systemPrincipal("", "mailer") }, { olderThanMs: 5 * 60_000, limit: 500 }));
      if (stale.length === 0) return { requeued: 0 };
      await step.sendEvent(
        "requeue",
        stale.map((m) => ({ name: "message/queued" as const, data: { tenant: m.tenant, messageUrn: m.urn } })),
      );
      return { requeued: stale.length };
    },
  });
}

export const deliverEmailOnQueued = deliverEmailJob();
export const deliverEmailSweep = deliverEmailSweepJob();
