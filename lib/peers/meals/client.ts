import { PeerError } from "@/lib/http/peer-errors";
import { MealsAuthError, MealsUnavailable } from "./errors";
import type { MealsEndpoint } from "./settings";
import { IssuerError, IssuerVoucher, type VoucherRequest } from "./wire";
import { retryAfterSeconds } from "@/lib/http/retry-after";
import { config } from "@/lib/config";

/** A create or cancel: the issuer's voucher, or its refusal (a decline, 422; any other 4xx) with its reason. */
export type IssuerOutcome = { ok: true; voucher: IssuerVoucher } | { ok: false; status: number; code: string; message: string };

/** POST {MEALS_URL}/v1/vouchers with the meal voucher's urn as Idempotency-Key: one voucher per key, however often asked. */
export function createVoucher(endpoint: MealsEndpoint, request: VoucherRequest, idempotencyKey: string): Promise<IssuerOutcome> {
  return call(endpoint, "/v1/vouchers", request, idempotencyKey);
}

/** POST {MEALS_URL}/v1/vouchers/{id}/cancel; cancelling a cancelled voucher is the issuer's no-op. */
export function cancelVoucher(endpoint: MealsEndpoint, id: string): Promise<IssuerOutcome> {
  return call(endpoint, `/v1/vouchers/${encodeURIComponent(id)}/cancel`, {}, `cancel:${id}`);
}

async function call(endpoint: MealsEndpoint, path: string, body: unknown, idempotencyKey: string): Promise<IssuerOutcome> {
  let res: Response;
  try {
    res = await fetch(`${endpoint.baseUrl}${path}`, {
      method: "POST",
      headers: { authorization: `Bearer ${endpoint.apiKey}`, "idempotency-key": idempotencyKey, "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(endpoint.timeoutMs),
    });
  } catch (err) {
    throw new MealsUnavailable(err instanceof Error && err.name === "TimeoutError" ? "timed out" : "unreachable or the answer was lost", null, null, { cause: err });
  }
  const json = await res.json().catch(() => null);
  if (res.status === 401 || res.status === 403) throw new MealsAuthError(res.status);
  if (res.status === 429) throw new MealsUnavailable("rate limited", 429, retryAfterSeconds(res.headers.get("retry-after")));
  if (res.status >= 500) throw new MealsUnavailable(`answered ${res.status}`, res.status, retryAfterSeconds(res.headers.get("retry-after")));
  if (res.status >= 400) {
    const e = IssuerError.safeParse(json);
    return { ok: false, status: res.status, code: e.success ? e.data.error.code : `http_${res.status}`, message: e.success ? e.data.error.message : `answered ${res.status}` };
  }
  const parsed = IssuerVoucher.safeParse(json);
  if (!parsed.success) throw new MealsUnavailable(`answered an unexpected shape (${res.status})`, res.status);
  return { ok: true, voucher: parsed.data };
}


export type RetryOptions = { attempts?: number; baseDelayMs?: number; maxDelayMs?: number; sleep?: (ms: number) => Promise<void> };
const wait = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * A call with backoff for what is retryable (timeout, lost answer, 5xx, 429), each try with the same
 * Idempotency-Key, so a lost answer cannot issue a second voucher. A Retry-After is waited at least.
 * A refusal is an outcome at once; the last retryable error throws when the tries run out.
 */
export async function withRetry(fn: () => Promise<IssuerOutcome>, options: RetryOptions = {}): Promise<IssuerOutcome> {
  const { attempts = config.MEALS_ATTEMPTS, baseDelayMs = config.MEALS_RETRY_BASE_MS, maxDelayMs = 30_000, sleep = wait } = options;
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn();
    } catch (err) {
      if (!(err instanceof PeerError) || !err.retryable || attempt >= attempts) throw err;
      const backoff = baseDelayMs * 2 ** (attempt - 1);
      const asked = err instanceof MealsUnavailable && err.retryAfterSeconds !== null ? err.retryAfterSeconds * 1000 : 0;
      await sleep(Math.min(maxDelayMs, Math.max(backoff, asked)));
    }
  }
}
