/**
 * What a call to the meal-voucher issuer can fail with. `retryable`: a timeout, a lost answer, a
 * 5xx or a 429 is worth another try with the same Idempotency-Key (the issuer creates once per key).
 */
export class MealsError extends Error {
  readonly retryable: boolean = false;
  constructor(message: string, options?: { cause?: unknown }) {
    super(`meal voucher issuer: ${message}`, options);
    this.name = "MealsError";
  }
}

export class MealsUnavailable extends MealsError {
  override readonly retryable = true;
  constructor(
    message: string,
    readonly status: number | null,
    readonly retryAfterSeconds: number | null = null,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = "MealsUnavailable";
  }
}

/** 401/403: our key is refused; configuration, not worth retrying. */
export class MealsAuthError extends MealsError {
  constructor(readonly status: number) {
    super(`refused our key (${status})`);
    this.name = "MealsAuthError";
  }
}
