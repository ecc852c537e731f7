import { Authorization, type AuthorizationRequest, PspError } from "./wire";
import { PaymentAuthError, PaymentUnavailable } from "./errors";

export type PspEndpoint = { baseUrl: string; apiKey: string; timeoutMs: number };
export type PspOutcome = { ok: true; authorization: Authorization } | { ok: false; status: number; code: string; message: string };

/**
 * One authorization call to the PSP. A decline (402) or an invalid request (4xx) is an outcome;
 * 401 is PaymentAuthError; 429, 5xx, a timeout or a broken connection is PaymentUnavailable
 * (retryable; the Idempotency-Key makes the retry safe).
 */
export async function requestAuthorization(endpoint: PspEndpoint, request: AuthorizationRequest): Promise<PspOutcome> {
  let res: Response;
  try {
    res = await fetch(new URL("/v1/authorizations", endpoint.baseUrl), {
      method: "POST",
      headers: {
        authorization: `Bearer ${endpoint.apiKey}`,
        "idempotency-key": request.reference,
        "content-type": "application/json",
        accept: "application/json",
      },
      body: JSON.stringify(request),
      signal: AbortSignal.timeout(endpoint.timeoutMs),
    });
  } catch (err) {
    // never the request in the message: it carries the token
    throw new PaymentUnavailable(err instanceof Error && err.name === "TimeoutError" ? "timed out" : "unreachable", null, null, { cause: err });
  }
  const body = await res.json().catch(() => null);
  if (res.status === 401) throw new PaymentAuthError();
  if (res.status === 429) throw new PaymentUnavailable("rate limited", 429, Number(res.headers.get("retry-after")) || null);
  if (res.status >= 500) throw new PaymentUnavailable(`answered ${res.status}`, res.status);
  if (res.status >= 400) {
    const e = PspError.safeParse(body);
    return { ok: false, status: res.status, code: e.success ? e.data.error.code : `http_${res.status}`, message: e.success ? e.data.error.message : `answered ${res.status}` };
  }
  const parsed = Authorization.safeParse(body);
  if (!parsed.success) throw new PaymentUnavailable(`answered an unexpected shape (${res.status})`, res.status);
  return { ok: true, authorization: parsed.data };
}
