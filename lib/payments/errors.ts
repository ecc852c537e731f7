import { PeerAuthError, PeerUnavailable } from "@/lib/http/peer-errors";

/**
 * The PSP could not be reached or failed (5xx, 429, timeout, a broken connection): worth retrying
 * with backoff, like a provider's ProviderUnavailable. The booking job lets it throw so its step
 * retries; a refusal of the card is not an error but `{ ok: false, reason }`.
 */
export class PaymentUnavailable extends PeerUnavailable {
  static override readonly peer = "payment service provider: ";
  override name = "PaymentUnavailable";
}

/** The PSP refused our API key: configuration, not worth retrying. */
export class PaymentAuthError extends PeerAuthError {
  override name = "PaymentAuthError";
  constructor(message = "the payment service provider refused the API key") {
    super(message);
  }
}
