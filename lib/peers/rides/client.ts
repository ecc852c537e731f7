import { PeerUnavailable } from "@/lib/http/peer-errors";
import { ProviderVoucher, RideError, type RideVoucherRequest } from "./wire";
import type { RidesEndpoint } from "./settings";

export type IssueOutcome = { ok: true; voucher: ProviderVoucher } | { ok: false; code: string; message: string };

/** The provider failed or is out of reach (5xx, 429, timeout, 401): the job's step retries; the Idempotency-Key makes a retry answer the same voucher. */
export class RidesUnavailable extends PeerUnavailable {
  static override readonly peer = "ride provider ";
  override name = "RidesUnavailable";
}

export type RideProvider = {
  endpoint: RidesEndpoint;
  issue(request: RideVoucherRequest): Promise<IssueOutcome>;
  cancel(providerId: string, reference: string): Promise<void>;
};

/**
 * The ride provider over real HTTP (./wire). A refusal (4xx but 401/429) is an outcome, so the
 * voucher becomes FAILED with the provider's words; anything else is RidesUnavailable.
 */
export function rideClient(endpoint: RidesEndpoint): RideProvider {
  const call = async (path: string, body: unknown, key: string) => {
    let res: Response;
    try {
      res = await fetch(new URL(path, endpoint.baseUrl), {
        method: "POST",
        headers: { authorization: `Bearer ${endpoint.apiKey}`, accept: "application/json", "content-type": "application/json", "idempotency-key": key },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(endpoint.timeoutMs),
      });
    } catch (err) {
      throw new RidesUnavailable(err instanceof Error && err.name === "TimeoutError" ? "timed out" : "unreachable", null, null, { cause: err });
    }
    const json = await res.json().catch(() => null);
    if (res.status === 401) throw new RidesUnavailable("refused our key (401): check RIDES_KEY", 401);
    if (res.status === 429) throw new RidesUnavailable("rate limited", 429, Number(res.headers.get("retry-after")) || null);
    if (res.status >= 500) throw new RidesUnavailable(`answered ${res.status}`, res.status);
    return { status: res.status, json };
  };
  return {
    endpoint,
    async issue(request) {
      const { status, json } = await call("/v1/ride-vouchers", request, request.reference);
      if (status >= 400) {
        const e = RideError.safeParse(json);
        return { ok: false, code: e.success ? e.data.error.code : `http_${status}`, message: e.success ? e.data.error.message : `answered ${status}` };
      }
      const parsed = ProviderVoucher.safeParse(json);
      if (!parsed.success) throw new RidesUnavailable(`answered an unexpected shape (${status})`, status);
      return { ok: true, voucher: parsed.data };
    },
    async cancel(providerId, reference) {
      const { status } = await call(`/v1/ride-vouchers/${encodeURIComponent(providerId)}/cancel`, {}, `${reference}:cancel`);
      // 404: the provider has forgotten it; 409: already used or cancelled there — nothing left to cancel
      if (status >= 400 && status !== 404 && status !== 409) throw new RidesUnavailable(`cancel answered ${status}`, status);
    },
  };
}
