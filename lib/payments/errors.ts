/**
 * The PSP could not be reached or failed (5xx, 429, timeout, a broken connection): worth retrying
 * with backoff, like a provider's ProviderUnavailable. The booking job lets it throw so its step
 * retries; a refusal of the card is not an error but `{ ok: false, reason }`.
 */
export class PaymentUnavailable extends Error {
  readonly retryable = true;
  constructor(
    message: string,
    readonly status: number | null,
    readonly retryAfterSeconds: number | null = null,
    options?: { cause?: unknown },
  ) {
    super(`payment service provider: ${message}`, options);
    this.name = "PaymentUnavailable";
  }
}

/** The PSP refused our API key: configuration, not worth retrying. */
export class PaymentAuthError extends Error {
  readonly retryable = false;
  constructor(message = "the payment service provider refused the API key") {
    super(message);
    this.name = "PaymentAuthError";
  }
}
