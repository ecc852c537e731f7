import { and, desc, eq, inArray, lt, type SQL } from "drizzle-orm";
import type { z } from "zod";
import { webhookDeliveries } from "@/db/schema";
import { decodeCursor, paginate } from "@/lib/api/cursor";
import { writeAudit } from "@/lib/audit/write";
import { requireAirport, requireEveryAirport, requirePermission } from "@/lib/auth/require";
import { airportFilter } from "@/lib/auth/scope";
import { type Ctx, transaction } from "@/lib/context";
import { conflict, notFound } from "@/lib/errors";
import { emit } from "@/lib/events";
import { parseInput, shapeRecord } from "@/lib/validation";
import { toDelivery } from "./records";
import { DeliveryListQuery, RedeliverInput, WebhookDelivery } from "./schemas";

/**
 * GET /webhooks/deliveries (ADMIN): the delivery log (pages and subscriptions' events), newest first.
 * Every delivery about a case carries the case's airport: an ADMIN limited to some airports sees
 * only deliveries of those airports (one of no airport is the business of an ADMIN of every airport).
 */
export async function listDeliveries({ ctx, input }: { ctx: Ctx; input: z.input<typeof DeliveryListQuery> }) {
  requirePermission(ctx, "admin", "read the webhook delivery log");
  const q = parseInput(DeliveryListQuery, input);
  const where: SQL[] = [eq(webhookDeliveries.tenant, ctx.principal.tenant)];
  if (q.status) where.push(eq(webhookDeliveries.status, q.status));
  if (q.channel) where.push(eq(webhookDeliveries.channel, q.channel));
  if (q.subscriptionUrn) where.push(eq(webhookDeliveries.subscriptionUrn, q.subscriptionUrn));
  const airports = airportFilter(ctx.principal);
  if (airports) where.push(inArray(webhookDeliveries.airport, airports));
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
