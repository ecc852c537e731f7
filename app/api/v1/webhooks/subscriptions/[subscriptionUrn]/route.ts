// DELETE /api/v1/webhooks/subscriptions/{subscriptionUrn} – disable a subscription (ADMIN)
import { handle } from "@/lib/api/handler";
import { disableSubscriptionRoute } from "@/lib/api/routes/webhooks";
import { disableSubscription } from "@/lib/webhooks";

export const DELETE = handle(disableSubscriptionRoute, ({ ctx, params, body }) => disableSubscription({ ctx, input: { ...params, ...body } }));
