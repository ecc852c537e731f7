import { database } from "@/db/client";
import { systemPrincipal } from "@/lib/auth/principal";
import type { Ctx } from "@/lib/context";
import type { EventData, eventCatalogue } from "@/lib/events/catalogue";
import { defineJob, type JobContext } from "@/lib/jobs/define";
import { openItems, readDeadline, recordBreach, restartDeadline } from "@/lib/sla/breach";

type DbOf = () => Promise<Ctx["db"]>;
const appDb: DbOf = async () => (await database()).db;

/** A bound on breaches watched by one run (a HIGH item unclaimed for a day pages ~100 times at 15 min). */
const MAX_ROUNDS = 200;
type ItemEvent = EventData<"review/created">;

/**
 * Stops watching an item once someone claims or resolves it (cheap: the sleeping run is simply
 * cancelled), and when the tenant's SLA changes (one run per open item starts over on
 * `review/sla.rescheduled`). The breach step re-checks the item anyway, so a lost cancel is harmless.
 */
const cancelOn = [
  { event: "review/claimed", match: "data.reviewUrn" },
  { event: "review/resolved", match: "data.reviewUrn" },
  { event: "settings/sla.changed", match: "data.tenant" },
] as const;

/**
 * Sleeps until the item's deadline, then records the breach (escalate, audit, page: lib/sla) and
 * sleeps until the next deadline, while the item stays OPEN. A deadline that moved while asleep
 * (a settings change) is read again and slept to. Step ids carry the round, so a replay is exact.
 */
async function watch(db: DbOf, { event, step }: JobContext<ItemEvent, typeof eventCatalogue>) {
  const ctx = async (): Promise<Ctx> => ({ db: await db(), principal: systemPrincipal(event.data.tenant, "sla") });
  const reviewUrn = event.data.reviewUrn;
  let breaches = 0;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const item = await step.run(`read-${round}`, async () => readDeadline(await ctx(), reviewUrn));
    if (!item || item.state !== "OPEN" || !item.slaDueAt) return { breaches, stopped: item?.state ?? "missing" };
    await step.sleepUntil(`until-${round}`, item.slaDueAt);
    const outcome = await step.run(`breach-${round}`, async () => recordBreach(await ctx(), { reviewUrn, dueAt: new Date(item.slaDueAt!) }));
    if (outcome.outcome === "not-open") return { breaches, stopped: "not-open" };
    if (outcome.outcome === "breached") breaches++;
  }
  return { breaches, stopped: "max-rounds" };
}

export function reviewSlaJobs(db: DbOf = appDb) {
  return {
    onCreated: defineJob({ id: "review-sla", event: "review/created", cancelOn: [...cancelOn], handler: (c) => watch(db, c) }),
    onRescheduled: defineJob({ id: "review-sla-rescheduled", event: "review/sla.rescheduled", cancelOn: [...cancelOn], handler: (c) => watch(db, c) }),
    /** a released item is back in the queue: its clock starts again from the release */
    onReleased: defineJob({
      id: "review-sla-released",
      event: "review/released",
      cancelOn: [...cancelOn],
      handler: async (c) => {
        await c.step.run("restart", async () =>
          restartDeadline({ db: await db(), principal: systemPrincipal(c.event.data.tenant, "sla") }, { reviewUrn: c.event.data.reviewUrn, at: new Date(c.event.ts) }),
        );
        return watch(db, c);
      },
    }),
    /** after a settings change (which cancelled the running watches): one new watch per open item */
    reschedule: defineJob({
      id: "review-sla-reschedule",
      event: "settings/sla.changed",
      handler: async ({ event, step }) => {
        const items = await step.run("open-items", async () => openItems({ db: await db(), principal: systemPrincipal(event.data.tenant, "sla") }));
        if (items.length === 0) return { watched: 0 };
        await step.sendEvent(
          "watch",
          items.map((i) => ({ name: "review/sla.rescheduled" as const, data: { tenant: event.data.tenant, reviewUrn: i.reviewUrn, caseUrn: i.caseUrn }, id: `sla-${event.id}-${i.reviewUrn}` })),
        );
        return { watched: items.length };
      },
    }),
  };
}

const sla = reviewSlaJobs();
export const reviewSla = sla.onCreated;
export const reviewSlaRescheduled = sla.onRescheduled;
export const reviewSlaReleased = sla.onReleased;
export const reviewSlaReschedule = sla.reschedule;
