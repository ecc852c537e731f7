import type { WebhookDeliveryRow, WebhookSubscriptionRow } from "@/db/schema";
import type { WebhookDelivery, WebhookSubscription } from "./schemas";

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toSubscription(r: WebhookSubscriptionRow): WebhookSubscription {
  return {
    urn: r.urn,
    url: r.url,
    events: r.events,
    airports: r.airports,
    description: r.description,
    status: r.status,
    createdBy: r.createdBy,
    createdAt: r.createdAt.toISOString(),
    disabledAt: iso(r.disabledAt),
  };
}

export function toDelivery(r: WebhookDeliveryRow): WebhookDelivery {
  return {
    urn: r.urn,
    channel: r.channel,
    subscriptionUrn: r.subscriptionUrn,
    eventType: r.eventType,
    subjectUrn: r.subjectUrn,
    airport: r.airport,
    url: r.url,
    status: r.status,
    attempts: r.attempts,
    lastStatusCode: r.lastStatusCode,
    lastError: r.lastError,
    lastAttemptAt: iso(r.lastAttemptAt),
    nextRetryAt: iso(r.nextRetryAt),
    deliveredAt: iso(r.deliveredAt),
    createdAt: r.createdAt.toISOString(),
    payload: r.payload,
  };
}
