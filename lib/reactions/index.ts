import { onCommitted } from "@/lib/events/reactions";
import { recomputeOpenDeadlines } from "@/lib/sla/deadlines";
import { refreshVouchersOf } from "@/lib/vouchers/refresh-aboard";
import { reactToReviewNeeded } from "./review-needed";
import { recommendForWave } from "./wave-persisted";
import { registerWebhookFanOut } from "./webhooks";
import { reactToWaveSettled } from "./wave-settled";

/**
 * The reactions of one domain to another's facts, registered in one place above the domains, so a
 * publisher never imports the domains that react (booking does not know demand, review or cases
 * react to its settled waves). They run in-process right after the publisher's commit, before its
 * verb returns (lib/context.ts `transaction`). Imported for its effect by every process that runs
 * verbs: instrumentation.ts (the Next server: routes and server actions), the job registry
 * (inngest/functions: workers and the Inngest endpoint) and the tests' database helper. The
 * registry lives on globalThis, so one registration serves every bundle of the process.
 */
onCommitted("wave/settled", "demand, review and case react to a settled wave", (ctx, fact) => reactToWaveSettled(ctx, fact));
onCommitted("review/needed", "review raises the item, the case goes to review", reactToReviewNeeded);
onCommitted("transport/rides.changed", "vouchers show the stays' new rides", (ctx, fact) => refreshVouchersOf(ctx, fact.reservationUrns));
onCommitted("settings/sla.changed", "the open items' deadlines follow the new SLA minutes", async (ctx, fact) => {
  if (fact.slaMinutes) await recomputeOpenDeadlines(ctx, fact.slaMinutes);
});
onCommitted("allocation/wave.persisted", "review recommends for the items a wave raised", recommendForWave);
registerWebhookFanOut();

export { reactToWaveSettled };
