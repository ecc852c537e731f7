import { defineJob } from "@/lib/jobs/define";
import { systemCtxFor } from "@/lib/jobs/system-ctx";
import { cancelMealVoucher } from "@/lib/meals/cancel";
import { issueMealVoucher } from "@/lib/meals/issue";
import { planMealVouchers } from "@/lib/meals/plan";
import { queueMealVoucherMessages } from "@/lib/messages/meal-voucher";
import { BACKGROUND } from "./lanes";

/** How many vouchers are asked of the issuer at once: a few hundred passengers within a minute. */
const PARALLEL = 8;

const mealsCtx = systemCtxFor("meals");
const messagesCtx = systemCtxFor("messages");

/** Runs `fn` over `items`, at most `limit` at a time; the first error is thrown once all settled. */
async function inParallel<T>(items: T[], limit: number, fn: (item: T) => Promise<unknown>): Promise<void> {
  const queue = [...items];
  const errors: unknown[] = [];
  await Promise.all(
    Array.from({ length: Math.min(limit, queue.length) }, async () => {
      for (let item = queue.shift(); item !== undefined; item = queue.shift()) await fn(item).catch((e) => errors.push(e));
    }),
  );
  if (errors.length) throw errors[0];
}

/**
 * A case's right to care decided (again) → its meal vouchers: written PENDING, those no longer owed
 * cancelled, those due issued at once, the later ones each when it falls due (a durable sleep until
 * its time). Every step is idempotent (unique rows, `WHERE status` transitions, the issuer's
 * Idempotency-Key), so twenty deliveries of one event issue each voucher once; a run of an older
 * version that wakes later issues nothing the newer one cancelled.
 */
export const mealVouchersOnCareAssessed = defineJob({
  // the default priority: at a meltdown allocation and booking (300) go first; a due meal still leaves within a minute or so
  ...BACKGROUND,
  id: "meal-vouchers",
  event: "care/assessed",
  retries: 6,
  handler: async ({ event, step }) => {
    const ctx = await mealsCtx(event.data.tenant);
    const plan = await step.run("plan", () => planMealVouchers(ctx, event.data.caseUrn));
    if (plan.cancel.length) await step.run("cancel", () => inParallel(plan.cancel, PARALLEL, (c) => cancelMealVoucher(ctx, c)));
    if (plan.due.length) await step.run("issue-due", () => inParallel(plan.due, PARALLEL, (urn) => issueMealVoucher(ctx, urn)));
    const byTime = new Map<string, string[]>();
    for (const l of plan.later) byTime.set(l.owedFrom, [...(byTime.get(l.owedFrom) ?? []), l.urn]);
    for (const [at, urns] of byTime) {
      await step.sleepUntil(`until-${at}`, at);
      await step.run(`issue-${at}`, () => inParallel(urns, PARALLEL, (urn) => issueMealVoucher(ctx, urn)));
    }
    return { cancelled: plan.cancel.length, due: plan.due.length, later: plan.later.length };
  },
});

/** a meal voucher issued → its messages (email and SMS, in the passenger's language) */
export const messagesOnMealIssued = defineJob({
  // default priority, as the vouchers it tells of: booking's runs go first
  ...BACKGROUND,
  id: "messages-meal-issued",
  event: "meal/issued",
  retries: 4,
  handler: async ({ event, step }) => {
    const ctx = await messagesCtx(event.data.tenant);
    return { queued: await step.run("queue", () => queueMealVoucherMessages(ctx, event.data.mealVoucherUrn)) };
  },
});

export const mealVoucherJobs = [mealVouchersOnCareAssessed, messagesOnMealIssued];
