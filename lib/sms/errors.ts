/**
 * What a send to the SMS gateway can fail with. `retryable` is the one thing a caller decides on:
 * a timeout, a broken connection, a 5xx or a 429 is worth another try with the same idempotency
 * key (the gateway sends once per key); anything else will fail the same way again.
 */
export class SmsError extends Error {
  readonly retryable: boolean = false;
  constructor(message: string, options?: { cause?: unknown }) {
    super(`SMS gateway: ${message}`, options);
    this.name = "SmsError";
  }
}

/** Timeout, unreachable, lost answer, 5xx, 429 (with the gateway's Retry-After when it gave one). */
export class SmsUnavailable extends SmsError {
  override readonly retryable = true;
  constructor(
    message: string,
    readonly status: number | null,
    readonly retryAfterSeconds: number | null = null,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = "SmsUnavailable";
  }
}

/** The gateway refused our account SID or key (401/403): configuration, not worth retrying. */
export class SmsAuthError extends SmsError {
  constructor(readonly status: number) {
    super(`the gateway refused the account or key (${status})`);
    this.name = "SmsAuthError";
  }
}

/** A 4xx naming why this message cannot be sent (21211 invalid number, 21602 no body, …): permanent. */
export class SmsRejected extends SmsError {
  constructor(
    readonly status: number,
    readonly code: number | null,
    readonly detail: string,
  ) {
    super(`refused the message (${code ?? status}): ${detail}`);
    this.name = "SmsRejected";
  }
}

/** Twilio's error code for a recipient who replied STOP. */
export const OPTED_OUT_CODE = 21610;

/** 21610: the recipient replied STOP. Permanent, and the number must get nothing more. */
export class SmsOptedOut extends SmsRejected {
  constructor(status: number, detail: string) {
    super(status, OPTED_OUT_CODE, detail);
    this.name = "SmsOptedOut";
  }
}
