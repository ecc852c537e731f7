import { PeerAuthError, PeerError, PeerUnavailable } from "@/lib/http/peer-errors";

/**
 * What a send to the SMS gateway can fail with (lib/http/peer-errors.ts). `retryable` is the one
 * thing a caller decides on: a timeout, a broken connection, a 5xx or a 429 is worth another try
 * with the same idempotency key (the gateway sends once per key); anything else will fail the same
 * way again.
 */
const GATEWAY = "SMS gateway: ";

/** Timeout, unreachable, lost answer, 5xx, 429 (with the gateway's Retry-After when it gave one). */
export class SmsUnavailable extends PeerUnavailable {
  static override readonly peer = GATEWAY;
  override name = "SmsUnavailable";
}

/** The gateway refused our account SID or key (401/403): configuration, not worth retrying. */
export class SmsAuthError extends PeerAuthError {
  static override readonly peer = GATEWAY;
  override name = "SmsAuthError";
  constructor(status: number) {
    super(`the gateway refused the account or key (${status})`, status);
  }
}

/** A 4xx naming why this message cannot be sent (21211 invalid number, 21602 no body, …): permanent. */
export class SmsRejected extends PeerError {
  static override readonly peer = GATEWAY;
  override name = "SmsRejected";
  constructor(
    readonly status: number,
    readonly code: number | null,
    readonly detail: string,
  ) {
    super(`refused the message (${code ?? status}): ${detail}`);
  }
}

/** Twilio's error code for a recipient who replied STOP. */
export const OPTED_OUT_CODE = 21610;

/** 21610: the recipient replied STOP. Permanent, and the number must get nothing more. */
export class SmsOptedOut extends SmsRejected {
  override name = "SmsOptedOut";
  constructor(status: number, detail: string) {
    super(status, OPTED_OUT_CODE, detail);
  }
}
