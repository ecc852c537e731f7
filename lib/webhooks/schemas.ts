import { z } from "zod";
import { urnSchema } from "@/lib/ids";
import { pageQuery, Reason, Text } from "@/lib/primitives";
import { SigningSecret, WebhookUrl } from "@/lib/tenants/settings";
import { DeliveryChannel, DeliveryStatus, SubscriptionStatus } from "@/lib/vocabulary";
import { WebhookEventType } from "./events";

export const CreateSubscriptionInput = z
  .strictObject({
    url: WebhookUrl,
    events: z
      .array(WebhookEventType)
      .min(1, "at least one event")
      .max(20)
      .refine((a) => new Set(a).size === a.length, "each event once"),
    description: Text.trim().max(200).optional(),
    secret: SigningSecret.optional().meta({ description: "HMAC key; generated (and answered once) when left out" }),
  })
  .meta({ id: "WebhookSubscriptionInput" });
export type CreateSubscriptionInput = z.input<typeof CreateSubscriptionInput>;

export const WebhookSubscription = z
  .object({
    urn: z.string(),
    url: z.string(),
    events: z.array(z.string()),
    airports: z.array(z.string()).meta({ description: 'the creator\'s airports: only events about cases of these airports are sent (["*"]: every airport)' }),
    description: z.string().nullable(),
    status: SubscriptionStatus,
    createdBy: z.string(),
    createdAt: z.string(),
    disabledAt: z.string().nullable(),
  })
  .meta({ id: "WebhookSubscription" });
export type WebhookSubscription = z.infer<typeof WebhookSubscription>;

/** The creation answer: the only time the secret is ever returned. */
export const WebhookSubscriptionCreated = WebhookSubscription.extend({
  secret: z.string().meta({ description: "the signing secret: shown once, store it now" }),
}).meta({ id: "WebhookSubscriptionCreated" });
export type WebhookSubscriptionCreated = z.infer<typeof WebhookSubscriptionCreated>;

export const SubscriptionListQuery = z.object({ status: SubscriptionStatus.optional(), ...pageQuery });
export const SubscriptionRef = z.object({ subscriptionUrn: urnSchema("webhook") });
export const DisableSubscriptionInput = SubscriptionRef.extend({ reason: Reason.optional() });

export const WebhookDelivery = z
  .object({
    urn: z.string(),
    channel: DeliveryChannel,
    subscriptionUrn: z.string().nullable(),
    eventType: z.string(),
    subjectUrn: z.string().nullable(),
    airport: z.string().nullable(),
    url: z.string().nullable(),
    status: DeliveryStatus,
    attempts: z.number().int(),
    lastStatusCode: z.number().int().nullable(),
    lastError: z.string().nullable(),
    lastAttemptAt: z.string().nullable(),
    nextRetryAt: z.string().nullable(),
    deliveredAt: z.string().nullable(),
    createdAt: z.string(),
    payload: z.record(z.string(), z.unknown()).meta({ description: "the body as sent (see the webhooks section)" }),
  })
  .meta({ id: "WebhookDelivery" });
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;

export const DeliveryListQuery = z.object({
  status: DeliveryStatus.optional(),
  channel: DeliveryChannel.optional(),
  subscriptionUrn: urnSchema("webhook").optional(),
  ...pageQuery,
});
export const RedeliverInput = z.object({ deliveryUrn: urnSchema("delivery"), reason: Reason.optional() });
