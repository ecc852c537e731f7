import { PeerAuthError, PeerUnavailable } from "@/lib/http/peer-errors";

/**
 * What a call to the meal-voucher issuer can fail with (lib/http/peer-errors.ts). `retryable`: a
 * timeout, a lost answer, a 5xx or a 429 is worth another try with the same Idempotency-Key (the
 * issuer creates once per key).
 */
export class MealsUnavailable extends PeerUnavailable {
  static override readonly peer = "meal voucher issuer: ";
  override name = "MealsUnavailable";
}

/** 401/403: our key is refused; configuration, not worth retrying. */
export class MealsAuthError extends PeerAuthError {
  static override readonly peer = "meal voucher issuer: ";
  override name = "MealsAuthError";
  constructor(status: number) {
    super(`refused our key (${status})`, status);
  }
}
