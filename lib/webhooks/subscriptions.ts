import { and, desc, eq, lt, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import { webhookSubscriptions } from "@/db/schema";
import { decodeCursor, paginate } from "@/lib/http/cursor";
import { writeAudit } from "@/lib/audit/write";
import { requirePermission } from "@/lib/auth/require";
import { airportFilter } from "@/lib/auth/scope";
import { type Ctx, transaction } from "@/lib/context";
import { DomainError, notFound } from "@/lib/errors";
import { newUrn } from "@/lib/ids";
import { assertTargetUrl } from "@/lib/outbound/check-url";
import { generateSecret, sealSecret } from "@/lib/tenants/secret-box";
import { parseInput, shapeRecord } from "@/lib/validation";
import { toSubscription } from "./records";
import {
  CreateSubscriptionInput,
  DisableSubscriptionInput,
  SubscriptionListQuery,
  WebhookSubscription,
  WebhookSubscriptionCreated,
} from "./schemas";

const auditView = (s: WebhookSubscription) => ({ url: s.url, events: s.events, airports: s.airports, description: s.description, status: s.status });

/**
 * A principal limited to some airports sees and manages only subscriptions within them: one of
 * every airport (["*"]) or of another airport would show or stop another airport's traffic.
 */
function withinScope(ctx: Ctx) {
  const airports = airportFilter(ctx.principal);
  return airports ? sql`${webhookSubscriptions.airports} <@ ${JSON.stringify(airports)}::jsonb` : undefined;
}

/**
 * The audit entries of a subscription carry its airport, or "*" when it covers several (or every)
 * airport: an audit reader limited to other airports must not read its URL there either.
 */
const auditAirport = (airports: string[]) => (airports.length === 1 ? airports[0] : "*");

const outsideScope = () => new DomainError(403, "OUT_OF_SCOPE", "This subscription covers airports outside the airports of your claims.");

/**
 * POST /webhooks/subscriptions (ADMIN): the secret is sealed at rest and answered this once only.
 * The URL must be a public target (lib/outbound): 422 on `url` otherwise. The subscription keeps
 * its creator's airports and receives only events about cases of those airports, so an ADMIN of
 * LHR cannot subscribe to CDG's traffic.
 */
export async function createSubscription({ ctx, input }: { ctx: Ctx; input: CreateSubscriptionInput }): Promise<WebhookSubscriptionCreated> {
  requirePermission(ctx, "webhooks:write", "manage webhook subscriptions");
  const body = parseInput(CreateSubscriptionInput, input);
  await assertTargetUrl(body.url, "url");
  const airports = airportFilter(ctx.principal) ? [...new Set(ctx.principal.airports)].sort() : ["*"];
  const secret = body.secret ?? generateSecret();
  return transaction(ctx, async (tx) => {
    const [row] = await tx.db
      .insert(webhookSubscriptions)
      .values({
        urn: newUrn("webhook"),
        tenant: tx.principal.tenant,
        url: body.url,
        sealedSecret: sealSecret(secret),
        events: body.events,
        airports,
        description: body.description ?? null,
        createdBy: tx.principal.sub,
      })
      .returning();
    const record = toSubscription(row);
    await writeAudit(tx, { entity: "webhook", entityUrn: row.urn, action: "create", airport: auditAirport(row.airports), after: { ...auditView(record), secret: "••••••" } });
    return shapeRecord(WebhookSubscriptionCreated, { ...record, secret });
  });
}

/** GET /webhooks/subscriptions (ADMIN): newest first, without secrets; only those within the caller's airports. */
export async function listSubscriptions({ ctx, input }: { ctx: Ctx; input: z.input<typeof SubscriptionListQuery> }) {
  requirePermission(ctx, "admin", "read webhook subscriptions");
  const q = parseInput(SubscriptionListQuery, input);
  const where: SQL[] = [eq(webhookSubscriptions.tenant, ctx.principal.tenant)];
  if (q.status) where.push(eq(webhookSubscriptions.status, q.status));
  const scope = withinScope(ctx);
  if (scope) where.push(scope);
  const after = decodeCursor(q.cursor);
  if (after) where.push(lt(webhookSubscriptions.urn, String(after[0])));
  const rows = await ctx.db.select().from(webhookSubscriptions).where(and(...where)).orderBy(desc(webhookSubscriptions.urn)).limit(q.limit + 1);
  const page = paginate(rows, q.limit, (r) => [r.urn]);
  return { items: page.items.map(toSubscription), nextCursor: page.nextCursor };
}

/**
 * DELETE /webhooks/subscriptions/{urn} (ADMIN): disables the subscription (kept, with its
 * delivery log; nothing more is queued or retried for it). Disabling a disabled one answers it unchanged.
 * One covering airports outside the caller's: 403 OUT_OF_SCOPE.
 */
export async function disableSubscription({ ctx, input }: { ctx: Ctx; input: z.input<typeof DisableSubscriptionInput> }): Promise<WebhookSubscription> {
  requirePermission(ctx, "webhooks:write", "manage webhook subscriptions");
  const { subscriptionUrn, reason } = parseInput(DisableSubscriptionInput, input);
  return transaction(ctx, async (tx) => {
    const [row] = await tx.db
      .select()
      .from(webhookSubscriptions)
      .where(and(eq(webhookSubscriptions.urn, subscriptionUrn), eq(webhookSubscriptions.tenant, tx.principal.tenant)))
      .for("update");
    if (!row) throw notFound(`Webhook subscription ${subscriptionUrn}`);
    const airports = airportFilter(tx.principal);
    if (airports && !row.airports.every((a) => airports.includes(a))) throw outsideScope();
    if (row.status === "DISABLED") return toSubscription(row);
    const [after] = await tx.db
      .update(webhookSubscriptions)
      .set({ status: "DISABLED", disabledAt: new Date() })
      .where(eq(webhookSubscriptions.urn, row.urn))
      .returning();
    await writeAudit(tx, { entity: "webhook", entityUrn: row.urn, action: "disable", airport: auditAirport(row.airports), reason: reason ?? null, before: auditView(toSubscription(row)), after: auditView(toSubscription(after)) });
    return shapeRecord(WebhookSubscription, toSubscription(after));
  });
}
