import { webhookDeliveries, type WebhookDeliveryRow } from "@/db/schema";
import type { Ctx } from "@/lib/context";
import { emit } from "@/lib/events";
import { newUrn } from "@/lib/ids";
import type { DeliveryChannel } from "@/lib/vocabulary";
import type { Envelope } from "./events";

export type QueueDelivery = {
  channel: DeliveryChannel;
  /** the cause, unique per tenant: a second queueing of the same cause writes and sends nothing */
  key: string;
  eventType: string;
  occurredAt: Date;
  data: Record<string, unknown>;
  url: string | null;
  subscriptionUrn?: string | null;
  subjectUrn?: string | null;
  airport?: string | null;
};

/**
 * Writes one delivery in the caller's transaction and, when it has somewhere to go, the event
 * that makes the delivery job send it. Without a URL (no alerting channel) it is kept as
 * NO_CHANNEL: visible in the console, never sent. Returns null when the key was queued before.
 */
export async function queueDelivery(ctx: Ctx, d: QueueDelivery): Promise<WebhookDeliveryRow | null> {
  const urn = newUrn("delivery");
  const payload: Envelope = { id: urn, type: d.eventType, occurredAt: d.occurredAt.toISOString(), tenant: ctx.principal.tenant, data: d.data };
  const [row] = await ctx.db
    .insert(webhookDeliveries)
    .values({
      urn,
      tenant: ctx.principal.tenant,
      channel: d.channel,
      key: d.key,
      subscriptionUrn: d.subscriptionUrn ?? null,
      eventType: d.eventType,
      subjectUrn: d.subjectUrn ?? null,
      airport: d.airport ?? null,
      url: d.url,
      payload,
      status: d.url ? "PENDING" : "NO_CHANNEL",
    })
    .onConflictDoNothing()
    .returning();
  if (!row) return null;
  if (row.status === "PENDING") await emit(ctx, "webhook/queued", { tenant: ctx.principal.tenant, deliveryUrn: urn });
  return row;
}
