import type { ReviewItemRow } from "@/db/schema";
import type { Ctx } from "@/lib/context";
import { caseSystems } from "@/lib/peers/case-systems";
import type { StoredTenantSettings } from "@/lib/tenants/settings";
import type { ReviewPriority } from "@/lib/vocabulary";
import { PAGE_EVENT_TYPE } from "@/lib/webhooks/events";
import { queueDelivery } from "@/lib/webhooks/queue";

export type PageInput = {
  item: ReviewItemRow;
  previousPriority: ReviewPriority;
  breach: number;
  slaMinutes: number;
  dueAt: Date;
  nextDueAt: Date;
};

/** The idempotency key of a page: one per item and breach, so a breach never pages twice. */
export const pageKey = (reviewUrn: string, breach: number) => `page:${reviewUrn}:${breach}`;

/**
 * Pages on-call for an SLA breach through the tenant's alerting channel (a signed webhook POST,
 * sent and retried by the delivery job). In the caller's transaction: the page exists if and
 * only if the breach was recorded. Without a channel it is kept (NO_CHANNEL) for the console.
 */
export async function pageOnCall(ctx: Ctx, settings: StoredTenantSettings, p: PageInput) {
  // a drill's or shadow case's breach is kept in the delivery log, never sent to the on-call phone
  const { mode, messaging } = await caseSystems(ctx, p.item.caseUrn);
  return queueDelivery(ctx, {
    channel: "ALERTING",
    key: pageKey(p.item.urn, p.breach),
    eventType: PAGE_EVENT_TYPE,
    occurredAt: p.dueAt,
    url: messaging.send ? (settings.alerting?.url ?? null) : null,
    subjectUrn: p.item.urn,
    airport: p.item.airport,
    data: {
      reviewUrn: p.item.urn,
      caseUrn: p.item.caseUrn,
      airport: p.item.airport,
      category: p.item.category,
      previousPriority: p.previousPriority,
      priority: p.item.priority,
      breach: p.breach,
      overdue: p.item.overdue,
      slaMinutes: p.slaMinutes,
      dueAt: p.dueAt.toISOString(),
      nextDueAt: p.nextDueAt.toISOString(),
      mode,
    },
  });
}
