import { index, integer, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import {
  DELIVERY_CHANNELS,
  DELIVERY_STATUSES,
  SUBSCRIPTION_STATUSES,
  type DeliveryChannel,
  type DeliveryStatus,
  type SubscriptionStatus,
} from "@/lib/vocabulary";
import { lifecycle, oneOf, ts } from "./columns";

/** An airline system's subscription to outbound events (lib/webhooks). */
export const webhookSubscriptions = pgTable(
  "webhook_subscriptions",
  {
    urn: text("urn").primaryKey(),
    tenant: text("tenant").notNull(),
    url: text("url").notNull(),
    // the HMAC key, sealed (lib/tenants/secret-box.ts): usable to sign, never returned
    sealedSecret: text("sealed_secret").notNull(),
    events: jsonb("events").$type<string[]>().notNull(),
    // the creator's airports (["*"]: every airport): only events about a case of these reach it
    airports: jsonb("airports").$type<string[]>().notNull().default(["*"]),
    description: text("description"),
    status: text("status").$type<SubscriptionStatus>().notNull().default("ACTIVE"),
    createdBy: text("created_by").notNull(),
    disabledAt: ts("disabled_at"),
    ...lifecycle,
  },
  (t) => [
    index("webhook_subscriptions_tenant_idx").on(t.tenant, t.status),
    oneOf("webhook_subscriptions_status_check", t.status, SUBSCRIPTION_STATUSES),
  ],
);

/**
 * One signed POST to make: a page (ALERTING, to the tenant's alerting channel) or an event to a
 * subscription. `key` makes it happen once per cause (a breach of an item, an event for a
 * subscription); the delivery job records every attempt here.
 */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    urn: text("urn").primaryKey(),
    tenant: text("tenant").notNull(),
    channel: text("channel").$type<DeliveryChannel>().notNull(),
    key: text("key").notNull(),
    subscriptionUrn: text("subscription_urn"),
    // the public event type (`review.escalated`, `sla.breach`, …)
    eventType: text("event_type").notNull(),
    // the record it is about (a review item, a reservation), for the console's filters
    subjectUrn: text("subject_urn"),
    airport: text("airport"),
    url: text("url"),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    status: text("status").$type<DeliveryStatus>().notNull().default("PENDING"),
    attempts: integer("attempts").notNull().default(0),
    lastStatusCode: integer("last_status_code"),
    lastError: text("last_error"),
    lastAttemptAt: ts("last_attempt_at"),
    nextRetryAt: ts("next_retry_at"),
    deliveredAt: ts("delivered_at"),
    ...lifecycle,
  },
  (t) => [
    uniqueIndex("webhook_deliveries_key_idx").on(t.tenant, t.key),
    // the delivery log: a tenant's deliveries newest first
    index("webhook_deliveries_tenant_idx").on(t.tenant, t.createdAt),
    oneOf("webhook_deliveries_channel_check", t.channel, DELIVERY_CHANNELS),
    oneOf("webhook_deliveries_status_check", t.status, DELIVERY_STATUSES),
  ],
);

export type WebhookSubscriptionRow = typeof webhookSubscriptions.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
