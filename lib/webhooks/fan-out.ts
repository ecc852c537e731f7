import { and, eq } from "drizzle-orm";
import { cases, webhookSubscriptions } from "@/db/schema";
import { type Ctx, onceInTransaction, transaction } from "@/lib/context";
import { caseSystems } from "@/lib/peers/case-systems";
import { WEBHOOK_EVENTS, type WebhookEventType } from "./events";
import { queueDelivery } from "./queue";

/**
 * An internal event happened: one delivery per ACTIVE subscription of the tenant to its public
 * type, keyed by (subscription, event id), so a redelivered internal event queues nothing new.
 * Every event is about a case: the delivery carries the case's airport, and only subscriptions
 * covering that airport (their creator's airports, or ["*"]) receive it. An event whose case
 * cannot be found has no airport and reaches only subscriptions of every airport.
 */
export async function fanOut(ctx: Ctx, e: { type: WebhookEventType; eventId: string; occurredAt: Date; data: unknown }): Promise<{ queued: number }> {
  const spec = WEBHOOK_EVENTS[e.type];
  const data = (spec.map as (d: unknown) => Record<string, unknown>)(e.data);
  // read first: a tenant with no subscription to this type (most facts of a meltdown: one per booking)
  // costs the publisher's transaction this one read (lib/reactions/webhooks.ts)
  // (once per transaction: a chunk of confirmations publishes a fact per stay)
  const active = await onceInTransaction(ctx, `webhook-subscriptions:${ctx.principal.tenant}`, () =>
    ctx.db
      .select()
      .from(webhookSubscriptions)
      .where(and(eq(webhookSubscriptions.tenant, ctx.principal.tenant), eq(webhookSubscriptions.status, "ACTIVE"))),
  );
  const subs = active.filter((s) => s.events.includes(e.type));
  if (subs.length === 0) return { queued: 0 };
  return transaction(ctx, async (tx) => {
    // a drill or shadow case stays inside the service: nothing of it reaches an airline system
    const kase = typeof data.caseUrn === "string" ? await caseOf(tx, data.caseUrn) : null;
    if (kase && !(await caseSystems(tx, kase)).messaging.send) return { queued: 0 };
    const airport = kase?.airport ?? null;
    let queued = 0;
    const covers = (airports: string[]) => airports.includes("*") || (airport !== null && airports.includes(airport));
    for (const sub of subs.filter((s) => covers(s.airports))) {
      const row = await queueDelivery(tx, {
        channel: "SUBSCRIPTION",
        key: `${sub.urn}:${e.eventId}`,
        eventType: e.type,
        occurredAt: e.occurredAt,
        url: sub.url,
        subscriptionUrn: sub.urn,
        airport,
        subjectUrn: (data.reviewUrn ?? data.reservationUrn ?? data.demandUrn ?? data.caseUrn ?? null) as string | null,
        data,
      });
      if (row) queued++;
    }
    return { queued };
  });
}

/** The case an event is about; none for a case this tenant does not have (a test's): sent as LIVE, of no airport. */
async function caseOf(ctx: Ctx, caseUrn: string) {
  const [row] = await ctx.db.select({ urn: cases.urn, mode: cases.mode, airport: cases.airport }).from(cases).where(and(eq(cases.urn, caseUrn), eq(cases.tenant, ctx.principal.tenant)));
  return row ?? null;
}
