// POST /api/v1/webhooks/subscriptions – subscribe (ADMIN); GET – list subscriptions
import { handle } from "@/lib/api/handler";
import { created } from "@/lib/api/reply";
import { createSubscriptionRoute, listSubscriptionsRoute } from "@/lib/api/routes/webhooks";
import { createSubscription, listSubscriptions } from "@/lib/webhooks";

export const POST = handle(createSubscriptionRoute, async ({ ctx, body }) => {
  const sub = await createSubscription({ ctx, input: body });
  return created(sub, `/api/v1/webhooks/subscriptions/${sub.urn}`);
});

export const GET = handle(listSubscriptionsRoute, ({ ctx, query }) => listSubscriptions({ ctx, input: query }));
