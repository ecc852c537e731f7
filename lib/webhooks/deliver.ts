import { and, eq } from "drizzle-orm";
import { webhookDeliveries, webhookSubscriptions, type WebhookDeliveryRow } from "@/db/schema";
import type { Ctx } from "@/lib/context";
import { NOT_ALLOWED, OutboundError, postToTarget } from "@/lib/outbound/post";
import { loadSettings } from "@/lib/tenants/load-settings";
import { openSecret } from "@/lib/tenants/secret-box";
import { DELIVERY_HEADER, EVENT_HEADER, SIGNATURE_HEADER, signatureOf, TIMESTAMP_HEADER } from "./sign";

/**
 * Waits between attempts (ms): 10 s, 30 s, 2 min, 10 min, 30 min, 1 h, 2 h; eight attempts over
 * about 3 h 45 min, then FAILED (an ADMIN may redeliver from the console).
 */
export const RETRY_DELAYS_MS = [10_000, 30_000, 120_000, 600_000, 1_800_000, 3_600_000, 7_200_000] as const;
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;
const TIMEOUT_MS = 10_000;

export type AttemptResult = { done: true; status: WebhookDeliveryRow["status"]; code: number | null } | { done: false; code: number | null; retryInMs: number };

/** A status worth retrying: the receiver is down, overloaded or timed out; any other 4xx (or a 3xx) is a refusal for good. */
const retryable = (code: number | null) => code === null || code >= 500 || code === 429 || code === 408;

/**
 * One attempt at a delivery (`attempt` counts from 0 in this run): signs the stored payload with
 * the channel's current secret and POSTs it through lib/outbound (the target checked again, its
 * host resolved and connected to only at a public address, no redirect followed). The log keeps
 * the status or a failure in words, never the answer's body. Records the attempt on the row;
 * answers whether the job should wait and try again. A delivery already DELIVERED (a redelivered event) sends nothing.
 */
export async function attemptDelivery(ctx: Ctx, deliveryUrn: string, attempt: number): Promise<AttemptResult> {
  const [row] = await ctx.db.select().from(webhookDeliveries).where(and(eq(webhookDeliveries.urn, deliveryUrn), eq(webhookDeliveries.tenant, ctx.principal.tenant)));
  if (!row || row.status !== "PENDING") return { done: true, status: row?.status ?? "FAILED", code: null };
  const target = await targetOf(ctx, row);
  if ("gone" in target) return record(ctx, row, { status: target.status, code: null, error: target.gone, tried: false });

  const body = JSON.stringify(row.payload);
  const timestamp = Math.floor(Date.now() / 1000);
  let code: number | null = null;
  let error: string | null = null;
  let final = false;
  try {
    code = await postToTarget(target.url, {
      headers: {
        "content-type": "application/json",
        "user-agent": "disruption-accommodation-service/1 (+webhooks)",
        [SIGNATURE_HEADER]: signatureOf(target.secret, timestamp, body),
        [TIMESTAMP_HEADER]: String(timestamp),
        [DELIVERY_HEADER]: row.urn,
        [EVENT_HEADER]: row.eventType,
      },
      body,
      timeoutMs: TIMEOUT_MS,
    });
    // a redirect is not followed (its target was never checked): the receiver must answer itself
    if (code >= 300 && code < 400) error = `HTTP ${code} (redirects are not followed)`;
    else if (code < 200 || code >= 300) error = `HTTP ${code}`;
  } catch (err) {
    error = err instanceof OutboundError ? err.reason : "request failed";
    // an address inside is refused for good: retrying would only knock again
    final = error === NOT_ALLOWED;
  }
  if (error === null) return record(ctx, row, { status: "DELIVERED", code, error: null, tried: true });
  const last = attempt >= MAX_ATTEMPTS - 1;
  if (last || final || !retryable(code)) return record(ctx, row, { status: "FAILED", code, error, tried: true });
  const retryInMs = RETRY_DELAYS_MS[attempt];
  await ctx.db
    .update(webhookDeliveries)
    .set({ attempts: row.attempts + 1, lastStatusCode: code, lastError: error, lastAttemptAt: new Date(), nextRetryAt: new Date(Date.now() + retryInMs) })
    .where(eq(webhookDeliveries.urn, row.urn));
  return { done: false, code, retryInMs };
}

async function record(ctx: Ctx, row: WebhookDeliveryRow, r: { status: WebhookDeliveryRow["status"]; code: number | null; error: string | null; tried: boolean }): Promise<AttemptResult> {
  const now = new Date();
  const { tried } = r;
  await ctx.db
    .update(webhookDeliveries)
    .set({
      status: r.status,
      attempts: tried ? row.attempts + 1 : row.attempts,
      lastStatusCode: r.code,
      lastError: r.error,
      lastAttemptAt: tried ? now : row.lastAttemptAt,
      nextRetryAt: null,
      deliveredAt: r.status === "DELIVERED" ? now : null,
    })
    .where(eq(webhookDeliveries.urn, row.urn));
  return { done: true, status: r.status, code: r.code };
}

type Target = { url: string; secret: string } | { gone: string; status: "FAILED" | "NO_CHANNEL" };

/** Where and with which secret: the alerting channel as configured now, or the subscription's. */
async function targetOf(ctx: Ctx, row: WebhookDeliveryRow): Promise<Target> {
  if (row.channel === "ALERTING") {
    const { alerting } = await loadSettings(ctx, row.tenant);
    if (!alerting) return { gone: "not sent: the alerting channel was removed", status: "NO_CHANNEL" };
    return { url: alerting.url, secret: openSecret(alerting.sealedSecret) };
  }
  const [sub] = await ctx.db
    .select()
    .from(webhookSubscriptions)
    .where(and(eq(webhookSubscriptions.urn, row.subscriptionUrn ?? ""), eq(webhookSubscriptions.tenant, row.tenant)));
  if (!sub || sub.status !== "ACTIVE") return { gone: "not sent: the subscription is disabled", status: "FAILED" };
  return { url: sub.url, secret: openSecret(sub.sealedSecret) };
}
