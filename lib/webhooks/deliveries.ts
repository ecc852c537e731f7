import { and, desc, eq, inArray, lt, or, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import { webhookDeliveries, webhookSubscriptions } from "@/db/schema";
import { decodeCursor, paginate } from "@/lib/http/cursor";
import { writeAudit } from "@/lib/audit/write";
import { requireAirport, requireEveryAirport, requirePermission } from "@/lib/auth/require";
import { airportFilter } from "@/lib/auth/scope";
import { type Ctx, transaction } from "@/lib/context";
import { conflict, DomainError, notFound } from "@/lib/errors";
import { emit } from "@/lib/events";
import { parseInput, shapeRecord } from "@/lib/validation";
import { toDelivery } from "./records";
import { DeliveryListQuery, RedeliverInput, WebhookDelivery } from "./schemas";

/**
 * What an ADMIN limited to some airports sees of the log: deliveries about its airports (every
 * delivery about a case carries the case's airport; one of no airport is the business of an ADMIN
 * of every airport), and of those only pages and the deliveries of subscriptions it may see
 * (within its airports), since a delivery shows its subscription's URL. Null: every delivery.
 */
function scopeOf(ctx: Ctx): SQL | null {
  const airports = airportFilter(ctx.principal);
  if (!airports) return null;
  const visibleSubscriptions = ctx.db
    .select({ urn: webhookSubscriptions.urn })
    .from(webhookSubscriptions)
    .where(and(eq(webhookSubscriptions.tenant, ctx.principal.tenant), sql`${webhookSubscriptions.airports} <@ ${JSON.stringify(airports)}::jsonb`));
  return and(inArray(webhookDeliveries.airport, airports), or(eq(webhookDeliveries.channel, "ALERTING"), inArray(webhookDeliveries.subscriptionUrn, visibleSubscriptions)))!;
}

/** GET /webhooks/deliveries (ADMIN): the delivery log (pages and subscriptions' events), newest first; a scoped ADMIN's part of it (scopeOf). */
export async function listDeliveries({ ctx, input }: { ctx: Ctx; input: z.input<typeof DeliveryListQuery> }) {
  requirePermission(ctx, "admin", "read the webhook delivery log");
  const q = parseInput(DeliveryListQuery, input);
  const where: SQL[] = [eq(webhookDeliveries.tenant, ctx.principal.tenant)];
  if (q.status) where.push(eq(webhookDeliveries.status, q.status));
  if (q.channel) where.push(eq(webhookDeliveries.channel, q.channel));
  if (q.subscriptionUrn) where.push(eq(webhookDeliveries.subscriptionUrn, q.subscriptionUrn));
  const scope = scopeOf(ctx);
  if (scope) where.push(scope);
  const after = decodeCursor(q.cursor);
  if (after) where.push(lt(webhookDeliveries.urn, String(after[0])));
  const rows = await ctx.db.select().from(webhookDeliveries).where(and(...where)).orderBy(desc(webhookDeliveries.urn)).limit(q.limit + 1);
  const page = paginate(rows, q.limit, (r) => [r.urn]);
  return { items: page.items.map(toDelivery), nextCursor: page.nextCursor };
}

/**
 * POST /webhooks/deliveries/{urn}/redeliver (ADMIN): sends a DELIVERED or FAILED delivery again,
 * same id and payload (a receiver that saw it drops the duplicate), with a fresh set of attempts.
 * One still PENDING is in the hands of its job: 409. A page kept without a channel goes out once
 * a channel is configured. One about an airport outside the caller's claims: 403 OUT_OF_SCOPE.
 */
export async function redeliver({ ctx, input }: { ctx: Ctx; input: z.input<typeof RedeliverInput> }): Promise<WebhookDelivery> {
  requirePermission(ctx, "webhooks:write", "redeliver webhooks");
  const { deliveryUrn, reason } = parseInput(RedeliverInput, input);
  return transaction(ctx, async (tx) => {
    const [row] = await tx.db
      .select()
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.urn, deliveryUrn), eq(webhookDeliveries.tenant, tx.principal.tenant)))
      .for("update");
    if (!row) throw notFound(`Webhook delivery ${deliveryUrn}`);
    if (row.airport) requireAirport(tx, row.airport);
    else requireEveryAirport(tx, "redeliver a delivery about no single airport");
    const scope = scopeOf(tx);
    if (scope && !(await tx.db.select({ urn: webhookDeliveries.urn }).from(webhookDeliveries).where(and(eq(webhookDeliveries.urn, row.urn), scope))).length) {
      throw new DomainError(403, "OUT_OF_SCOPE", "This delivery belongs to a subscription covering airports outside the airports of your claims.");
    }
    if (row.status === "PENDING") throw conflict("INVALID_TRANSITION", "The delivery is still being attempted; redeliver once it is DELIVERED or FAILED.");
    const [after] = await tx.db
      .update(webhookDeliveries)
      .set({ status: "PENDING", nextRetryAt: null, deliveredAt: null })
      .where(eq(webhookDeliveries.urn, row.urn))
      .returning();
    await writeAudit(tx, { entity: "delivery", entityUrn: row.urn, action: "redeliver", airport: row.airport, reason: reason ?? null, before: { status: row.status }, after: { status: "PENDING" } });
    await emit(tx, "webhook/queued", { tenant: tx.principal.tenant, deliveryUrn: row.urn });
    return shapeRecord(WebhookDelivery, toDelivery(after));
  });
}
