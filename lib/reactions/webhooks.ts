import { systemPrincipal } from "@/lib/auth/principal";
import type { EventData, EventName } from "@/lib/events";
import { inPublisherTransaction } from "@/lib/events/reactions";
import { WEBHOOK_EVENTS, type WebhookEventType } from "@/lib/webhooks/events";
import { fanOut } from "@/lib/webhooks/fan-out";

/**
 * Every subscribable fact queues its subscriptions' deliveries inside the transaction that publishes
 * it: the deliveries commit with the fact (nothing lost to a crash between them), and a fact nobody
 * subscribes to costs one read, where a fan-out run per fact (one per booking in a meltdown) cost a
 * queued run's round trips and a worker's CPU. The deliveries themselves are sent by deliver-webhook.
 */
export function registerWebhookFanOut(): void {
  for (const type of Object.keys(WEBHOOK_EVENTS) as WebhookEventType[]) {
    const from: EventName = WEBHOOK_EVENTS[type].from;
    inPublisherTransaction(from, `webhooks: ${type}`, async (ctx, data: EventData<EventName>, fact) => {
      const tenant = (data as { tenant: string }).tenant;
      await fanOut({ ...ctx, principal: systemPrincipal(tenant, "webhooks") }, { type, eventId: fact.id, occurredAt: fact.at, data });
    });
  }
}
