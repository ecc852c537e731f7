import type { Provider } from "@/lib/vocabulary";

/**
 * How a provider call failed, classified once in the adapter so the booking job can decide:
 * auth → the adapter already refreshed its token and retried once; rate limited / unavailable →
 * back off and retry; rejected → stop for this hotel; capability → this source cannot do it at all.
 */
export class ProviderError extends Error {
  constructor(
    readonly provider: Provider,
    readonly kind: "AUTH" | "RATE_LIMITED" | "UNAVAILABLE" | "REJECTED" | "CAPABILITY",
    message: string,
    readonly status: number | null = null,
    options?: { cause?: unknown },
  ) {
    super(`${provider}: ${message}`, options);
    this.name = new.target.name;
  }
  /** worth retrying later with backoff (spec 7: 429 and 5xx) */
  get retryable(): boolean {
    return this.kind === "RATE_LIMITED" || this.kind === "UNAVAILABLE";
  }
}

/** 401 that a fresh token did not cure (wrong credentials) */
export class ProviderAuthError extends ProviderError {
  constructor(provider: Provider, message: string, options?: { cause?: unknown }) {
    super(provider, "AUTH", message, 401, options);
  }
}

/** 429: `retryAfterSeconds` from the provider's Retry-After header (null when it sent none) */
export class ProviderRateLimited extends ProviderError {
  constructor(provider: Provider, readonly retryAfterSeconds: number | null, message = "rate limited") {
    super(provider, "RATE_LIMITED", message, 429);
  }
}

/**
 * 5xx, a timeout or a broken connection. `outcomeUnknown` is set when a booking request may
 * have reached the provider (its answer was lost): look the booking up by client reference
 * before booking again.
 */
export class ProviderUnavailable extends ProviderError {
  constructor(
    provider: Provider,
    message: string,
    status: number | null,
    readonly outcomeUnknown = false,
    options?: { cause?: unknown },
  ) {
    super(provider, "UNAVAILABLE", message, status, options);
  }
}

/** Any other 4xx: the hotel is full, the rate is gone, the payment was refused. Not retried. */
export class ProviderRejected extends ProviderError {
  constructor(
    provider: Provider,
    readonly code: string,
    message: string,
    status: number | null = 422,
  ) {
    super(provider, "REJECTED", message, status);
  }
}

/** The source does not offer this operation (e.g. cancel on Expedia Rapid's self-service tier). */
export class CapabilityUnsupported extends ProviderError {
  constructor(
    provider: Provider,
    readonly operation: "cancel" | "modify",
    message: string,
  ) {
    super(provider, "CAPABILITY", message, null);
  }
}
