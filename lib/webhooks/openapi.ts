import type { z } from "zod";
import { envelope, PAGE_EVENT_TYPE, PageData, WEBHOOK_EVENTS } from "./events";
import { DELIVERY_HEADER, EVENT_HEADER, SIGNATURE_HEADER, TIMESTAMP_HEADER } from "./sign";

type JsonSchema = Record<string, unknown>;

const headers = {
  [SIGNATURE_HEADER]: { required: true, description: 'v1=<hex HMAC-SHA256(secret, "<timestamp>.<raw body>")>', schema: { type: "string" } },
  [TIMESTAMP_HEADER]: { required: true, description: "unix seconds; refuse one more than 5 minutes from your clock", schema: { type: "string" } },
  [DELIVERY_HEADER]: { required: true, description: "the delivery URN, equal to the body's id (the same on every retry)", schema: { type: "string" } },
  [EVENT_HEADER]: { required: true, description: "the event type, equal to the body's type", schema: { type: "string" } },
};

function operation(summary: string, description: string, body: JsonSchema): JsonSchema {
  return {
    post: {
      summary,
      description,
      parameters: Object.entries(headers).map(([name, h]) => ({ name, in: "header", ...h })),
      requestBody: { required: true, content: { "application/json": { schema: body } } },
      responses: {
        "2XX": { description: "received; anything else is retried with backoff (10 s … 2 h, eight attempts), a 4xx other than 408/429 is not, and a 3xx is not followed (the delivery fails)" },
      },
    },
  };
}

/**
 * The OpenAPI 3.1 `webhooks` section: what the service POSTs to a subscription (and, for
 * `sla.breach`, to the alerting channel), each body an envelope around the event's data.
 * `convert` renders a zod schema as the document renders responses.
 */
export function webhooksSection(convert: (schema: z.ZodType) => JsonSchema): JsonSchema {
  const out: JsonSchema = {};
  for (const [type, spec] of Object.entries(WEBHOOK_EVENTS)) {
    out[type] = operation(type, `${spec.summary} Subscribe with POST /webhooks/subscriptions.`, convert(envelope(type, spec.data)));
  }
  out[PAGE_EVENT_TYPE] = operation(
    PAGE_EVENT_TYPE,
    "A page to the tenant's alerting channel (settings.alerting): a review item stayed unclaimed past its SLA. One per item and breach.",
    convert(envelope(PAGE_EVENT_TYPE, PageData)),
  );
  return out;
}
