import type { MessageReceiptJson } from "@/db/schema/messages";

/** What one send to a channel's server came to: sent (with the provider's id), or refused for good. A transient failure throws. */
export type SendOutcome =
  | { sent: true; providerMessageId: string | null; receipt: MessageReceiptJson }
  | { sent: false; lastError: string; optedOut?: boolean };

/**
 * A transient failure (timeout, a 4xx SMTP reply, a 5xx or 429 from the gateway): the delivery
 * records `detail` and throws for the runner's backoff, at least `retryAfterMs` when the server
 * asked for it.
 */
export class TransientDeliveryError extends Error {
  constructor(
    readonly detail: string,
    options?: { cause?: unknown; retryAfterMs?: number | null },
  ) {
    super(detail, options);
    this.name = "TransientDeliveryError";
    this.retryAfterMs = options?.retryAfterMs ?? null;
  }
  readonly retryAfterMs: number | null;
}
