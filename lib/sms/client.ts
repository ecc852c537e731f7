import { type SmsEndpoint } from "./settings";
import { OPTED_OUT_CODE, SmsAuthError, SmsOptedOut, SmsRejected, SmsUnavailable } from "./errors";
import { SmsErrorBody, SmsMessageResource } from "./wire";
import { retryAfterSeconds } from "@/lib/http/retry-after";

export type SmsRequest = {
  to: string;
  body: string;
  /** where the gateway POSTs the message's status changes (queued → sent → delivered / undelivered) */
  statusCallback?: string;
  /**
   * One per message, the same on every retry of it. Twilio has no idempotency of its own: we send
   * the header anyway (our sandbox, and gateways that honour it, send once per key), so a create
   * whose answer was lost can be retried without texting the passenger twice.
   */
  idempotencyKey: string;
};

/**
 * Creates one message: POST {SMS_URL}/Messages.json, form-encoded To, From, Body, StatusCallback,
 * Basic auth AccountSid:AuthToken. Answers the gateway's message (sid, status); throws
 * SmsUnavailable (retryable: timeout, lost answer, 5xx, 429), SmsAuthError, SmsOptedOut (21610)
 * or SmsRejected (any other 4xx). SMS_URL is the operator's configuration, not a tenant's, so it is
 * fetched directly like the PSP and the fleet; the SSRF checks of lib/outbound guard the callbacks
 * the sandbox POSTs to URLs it is handed.
 */
export async function sendSms(endpoint: SmsEndpoint, request: SmsRequest): Promise<SmsMessageResource> {
  const form = new URLSearchParams({ To: request.to, From: endpoint.from, Body: request.body });
  if (request.statusCallback) form.set("StatusCallback", request.statusCallback);
  let res: Response;
  try {
    res = await fetch(`${endpoint.accountUrl}/Messages.json`, {
      method: "POST",
      headers: {
        authorization: `Basic ${Buffer.from(`${endpoint.accountSid}:${endpoint.authToken}`).toString("base64")}`,
        "idempotency-key": request.idempotencyKey,
        "content-type": "application/x-www-form-urlencoded",
        accept: "application/json",
      },
      body: form.toString(),
      signal: AbortSignal.timeout(endpoint.timeoutMs),
    });
  } catch (err) {
    // never the request in the message: it carries the number and the text
    throw new SmsUnavailable(err instanceof Error && err.name === "TimeoutError" ? "timed out" : "unreachable or the answer was lost", null, null, { cause: err });
  }
  const body = await res.json().catch(() => null);
  if (res.status === 401 || res.status === 403) throw new SmsAuthError(res.status);
  if (res.status === 429) throw new SmsUnavailable("rate limited", 429, retryAfterSeconds(res.headers.get("retry-after")));
  if (res.status >= 500) throw new SmsUnavailable(`answered ${res.status}`, res.status, retryAfterSeconds(res.headers.get("retry-after")));
  if (res.status >= 400) {
    const e = SmsErrorBody.safeParse(body);
    const code = e.success ? (e.data.code ?? null) : null;
    const detail = (e.success && e.data.message) || `answered ${res.status}`;
    if (code === OPTED_OUT_CODE) throw new SmsOptedOut(res.status, detail);
    throw new SmsRejected(res.status, code, detail);
  }
  const parsed = SmsMessageResource.safeParse(body);
  if (!parsed.success) throw new SmsUnavailable(`answered an unexpected shape (${res.status})`, res.status);
  return parsed.data;
}

