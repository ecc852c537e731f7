import { ProviderError, ProviderRateLimited, ProviderUnavailable } from "@/lib/providers/errors";

/** Spec 8: the primary hotel gets 5 attempts with backoff from 2 s up to 32 s; each fallback (ranks 2–4) one. */
export const BOOKING_LIMITS = {
  primaryAttempts: 5,
  fallbackAttempts: 1,
  maxFallbacks: 3,
  firstBackoffSeconds: 2,
  maxBackoffSeconds: 32,
  /** a Retry-After beyond this is read as this: a provider cannot park a booking for hours */
  maxRetryAfterSeconds: 300,
} as const;

/** The wait after the n-th failed attempt (1-based): 2, 4, 8, 16, 32, 32 … seconds. */
export function backoffSeconds(failedAttempt: number): number {
  return Math.min(BOOKING_LIMITS.maxBackoffSeconds, BOOKING_LIMITS.firstBackoffSeconds * 2 ** Math.max(0, failedAttempt - 1));
}

export type Verdict =
  | { kind: "retry"; reason: string; providerError: string; waitSeconds: number; outcomeUnknown: boolean }
  | { kind: "stop"; reason: string; providerError: string };

/**
 * Spec 7 for one failed provider call. 401 reaches here only when a fresh token did not cure it
 * (the adapter refreshed once): stop. 429 waits what Retry-After asks (the backoff when it sent
 * none); 5xx and timeouts back off; any other 4xx stops for this hotel. Anything that is not a
 * provider error is not ours to classify: null (the job step fails and the runner retries it).
 */
export function classify(err: unknown, failedAttempt: number): Verdict | null {
  if (!(err instanceof ProviderError)) return null;
  const providerError = `${err.status ?? "-"} ${err.message}`.slice(0, 500);
  if (err instanceof ProviderRateLimited) {
    const asked = err.retryAfterSeconds;
    const waitSeconds = asked !== null && asked > 0 ? Math.min(asked, BOOKING_LIMITS.maxRetryAfterSeconds) : backoffSeconds(failedAttempt);
    return { kind: "retry", reason: "rate-limited", providerError, waitSeconds, outcomeUnknown: false };
  }
  if (err instanceof ProviderUnavailable) {
    return { kind: "retry", reason: err.status === null ? "provider-timeout" : "provider-unavailable", providerError, waitSeconds: backoffSeconds(failedAttempt), outcomeUnknown: err.outcomeUnknown };
  }
  return { kind: "stop", reason: reasonOf(err), providerError };
}

function reasonOf(err: ProviderError): string {
  if (err.kind === "AUTH") return "provider-auth-failed";
  if (err.kind === "CAPABILITY") return "not-supported";
  const code = "code" in err ? String((err as { code: unknown }).code).toUpperCase() : "";
  if (/SOLD_OUT|FULL|ROOMS_UNAVAILABLE|NO_AVAILAB|ALLOTMENT|INSUFFICIENT/.test(code)) return "hotel-full";
  if (/PAYMENT|CARD|TOKEN/.test(code)) return "payment-refused";
  if (/RATE|PRICE|OFFER|NOT_FOUND|INVALID_RATEKEY/.test(code)) return "offer-unavailable";
  return "rejected";
}
