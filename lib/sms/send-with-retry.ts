import { sendSms, type SmsRequest } from "./client";
import { PeerError } from "@/lib/http/peer-errors";
import { type SmsEndpoint } from "./settings";
import { type SmsMessageResource } from "./wire";

export type RetryOptions = {
  /** tries in all, the first included */
  attempts?: number;
  /** the first backoff; doubled after each failure */
  baseDelayMs?: number;
  /** the longest wait, the gateway's Retry-After included */
  maxDelayMs?: number;
  /** how to wait: tests pass one that records the delays */
  sleep?: (ms: number) => Promise<void>;
};

const wait = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * sendSms with backoff for what is retryable, every try carrying the same idempotency key, so a
 * timeout or a lost answer cannot text the passenger twice. A 429 or 5xx with Retry-After waits at
 * least that long. A permanent error (opted out, invalid number, refused key) throws at once; the
 * last retryable one throws when the tries run out.
 */
export async function sendSmsWithRetry(endpoint: SmsEndpoint, request: SmsRequest, options: RetryOptions = {}): Promise<SmsMessageResource> {
  const { attempts = 4, baseDelayMs = 500, maxDelayMs = 60_000, sleep = wait } = options;
  for (let attempt = 1; ; attempt++) {
    try {
      return await sendSms(endpoint, request);
    } catch (err) {
      if (!(err instanceof PeerError) || !err.retryable || attempt >= attempts) throw err;
      const backoff = baseDelayMs * 2 ** (attempt - 1);
      const asked = "retryAfterSeconds" in err && typeof err.retryAfterSeconds === "number" ? err.retryAfterSeconds * 1000 : 0;
      await sleep(Math.min(maxDelayMs, Math.max(backoff, asked)));
    }
  }
}
