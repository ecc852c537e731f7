import { z } from "zod";
import { pageOf, urnParam } from "@/lib/api/params";
import { defineRoute } from "@/lib/api/route";
import { Reason } from "@/lib/primitives";
import {
  CreateSubscriptionInput,
  DeliveryListQuery,
  SubscriptionListQuery,
  WebhookDelivery,
  WebhookSubscription,
  WebhookSubscriptionCreated,
} from "@/lib/webhooks/schemas";

const SubscriptionParams = z.object({ subscriptionUrn: urnParam("webhook") });
const DeliveryParams = z.object({ deliveryUrn: urnParam("delivery") });
const OptionalReason = z.object({ reason: Reason.optional() });

export const createSubscriptionRoute = defineRoute({
  method: "POST",
  path: "/webhooks/subscriptions",
  tag: "Webhooks",
  summary: "Subscribe an airline system to outbound events",
  description:
    "ADMIN only. The subscription starts ACTIVE. Events are POSTed to `url` as JSON (see the webhooks section of this document for each payload), " +
    "signed with HMAC-SHA256: header `x-das-signature: v1=<hex of HMAC(secret, \"<x-das-timestamp>.<raw body>\")>`. " +
    "Delivery is at least once: retried with backoff (10 s, 30 s, 2 min, 10 min, 30 min, 1 h, 2 h) until a 2xx; " +
    "the body's `id` stays the same across retries so a receiver can drop duplicates. The secret is generated when " +
    "left out and answered only in this response.\n\n" +
    "The URL must reach the outside: a host that is or resolves to a loopback, private (10/8, 172.16/12, 192.168/16), " +
    "link-local (169.254/16, fe80::/10), unique-local (fc00::/7), CGNAT (100.64/10), multicast or unspecified address, " +
    "in any notation (2130706433, 0x7f000001, 127.1, [::ffff:127.0.0.1], localhost, *.localhost, trailing dots), or " +
    "the service's own origin, is refused with 422 VALIDATION_FAILED naming `url` (a server run with " +
    "OUTBOUND_ALLOW_PRIVATE=1, for development, allows private targets). Each delivery resolves the host again and " +
    "connects only to a checked address; redirects are not followed.\n\n" +
    "The subscription keeps the caller's airports (`airports`) and receives only events about cases of those airports.",
  permission: "webhooks:write",
  sets: { status: ["ACTIVE"] },
  body: CreateSubscriptionInput,
  response: WebhookSubscriptionCreated,
  status: 201,
});

export const listSubscriptionsRoute = defineRoute({
  method: "GET",
  path: "/webhooks/subscriptions",
  tag: "Webhooks",
  summary: "List webhook subscriptions",
  description:
    "ADMIN only. The tenant's subscriptions, newest first; secrets are never returned. An ADMIN limited to some " +
    "airports lists only the subscriptions within them (not one of every airport).",
  permission: "admin",
  query: SubscriptionListQuery,
  response: pageOf(WebhookSubscription),
  errors: [422],
});

export const disableSubscriptionRoute = defineRoute({
  method: "DELETE",
  path: "/webhooks/subscriptions/{subscriptionUrn}",
  tag: "Webhooks",
  summary: "Disable a webhook subscription",
  description:
    "ADMIN only. The subscription becomes DISABLED (kept with its delivery log); nothing more is queued for it and " +
    "pending retries stop. Disabling a DISABLED subscription answers it unchanged. The optional body may carry a reason. " +
    "A subscription covering airports outside the caller's claims: 403 OUT_OF_SCOPE.",
  permission: "webhooks:write",
  sets: { status: ["DISABLED"] },
  params: SubscriptionParams,
  body: OptionalReason,
  bodyOptional: true,
  response: WebhookSubscription,
});

export const listDeliveriesRoute = defineRoute({
  method: "GET",
  path: "/webhooks/deliveries",
  tag: "Webhooks",
  summary: "List the delivery log",
  description:
    "ADMIN only. Every signed delivery, newest first: pages to the alerting channel (channel ALERTING) and " +
    "subscriptions' events (SUBSCRIPTION), with attempts, the last status code or the failure in words (`HTTP 503`, " +
    "`connection refused`, `timed out after 10 s`, `target address not allowed`; never the receiver's answer) and the " +
    "next retry. Every delivery carries the airport of the case it is about: an ADMIN limited to some airports sees " +
    "only deliveries of those airports, and of subscriptions only those within its airports.",
  permission: "admin",
  query: DeliveryListQuery,
  response: pageOf(WebhookDelivery),
  errors: [422],
});

export const redeliverRoute = defineRoute({
  method: "POST",
  path: "/webhooks/deliveries/{deliveryUrn}/redeliver",
  tag: "Webhooks",
  summary: "Send a delivery again",
  description:
    "ADMIN only. A DELIVERED or FAILED delivery (or a page kept for lack of a channel) becomes PENDING and is sent " +
    "again with the same id and payload and a fresh round of retries. A delivery still PENDING: 409 " +
    "INVALID_TRANSITION. A delivery the caller may not list (another airport's, one of no airport for a caller of " +
    "some airports, or one of a subscription covering other airports): 403 OUT_OF_SCOPE. " +
    "The body and its reason are optional.",
  permission: "webhooks:write",
  sets: { status: ["PENDING"] },
  params: DeliveryParams,
  body: OptionalReason,
  bodyOptional: true,
  response: WebhookDelivery,
  errors: [409],
});
