import { database } from "@/db/client";
import { defineJob } from "@/lib/jobs/define";
import { dispatchToInngest, type EventSender } from "@/lib/outbox/dispatch-inngest";
import { inngest } from "@/lib/outbox/inngest-client";

/** Rows younger than this are left to the request that wrote them, which sends them right after its commit. */
export const SAFETY_NET_GRACE_MS = 10_000;
/** Rows per step: a step stays one short invocation on serverless even with a backlog. */
export const SAFETY_NET_STEP_ROWS = 1_000;
const MAX_STEPS = 20;

type Deps = { db: () => Promise<Parameters<typeof dispatchToInngest>[0]>; sender: EventSender };
const appDeps: Deps = { db: async () => (await database()).db, sender: inngest };

/**
 * Inngest mode's safety net: every minute, whatever the outbox still holds goes to Inngest. A
 * request sends its own events right after its commit (lib/outbox/send-after-commit.ts); this
 * catches those whose send failed (Inngest unreachable, the instance killed between commit and
 * send) and those written outside transaction(). Served to Inngest only (app/api/inngest): under
 * the embedded runner the outbox is the runner's own queue, and sending it to Inngest would take
 * its events away. At most one run at a time; a repeat is harmless (Inngest dedupes by event id).
 */
export function outboxSafetyNetJob(deps: Deps = appDeps) {
  return defineJob({
    id: "outbox-safety-net",
    cron: "* * * * *",
    retries: 2,
    concurrency: { limit: 1 },
    handler: async ({ event, step }) => {
      const before = new Date(event.ts - SAFETY_NET_GRACE_MS);
      let sent = 0;
      for (let i = 0; i < MAX_STEPS; i++) {
        const n = await step.run(`drain-${i}`, async () => dispatchToInngest(await deps.db(), deps.sender, new Date(), { before, max: SAFETY_NET_STEP_ROWS }));
        sent += n;
        if (n < SAFETY_NET_STEP_ROWS) break;
      }
      return { sent };
    },
  });
}

export const outboxSafetyNet = outboxSafetyNetJob();
