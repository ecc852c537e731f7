/**
 * What a call to one of our HTTP peers (the PSP, the transport fleet, the ride provider, the
 * meal-voucher issuer, the SMS gateway) fails with, written once. Each peer declares its own subclasses, so a caller
 * catches only its peer's errors; a subclass's static `peer` starts its messages ("transport
 * fleet: answered 503") and its `name` says which it is (set as a field, so it survives a minifier).
 */
export class PeerError extends Error {
  /** how the peer's messages start, separator included */
  static readonly peer: string = "";
  readonly retryable: boolean = false;
  constructor(message: string, options?: { cause?: unknown }) {
    super(`${(new.target as typeof PeerError).peer}${message}`, options);
  }
}

/**
 * Out of reach or failing: a timeout, a broken connection or a lost answer, a 5xx, a 429 (with its
 * Retry-After when the peer sent one). Worth another try with the same Idempotency-Key.
 */
export class PeerUnavailable extends PeerError {
  override readonly retryable = true;
  constructor(
    message: string,
    readonly status: number | null,
    readonly retryAfterSeconds: number | null = null,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** The peer refused our key: configuration, not worth retrying. */
export class PeerAuthError extends PeerError {
  constructor(
    message: string,
    readonly status: number | null = null,
  ) {
    super(message);
  }
}
