import { type AssignOutcome, type CapacityAnswer, FleetAuthError, FleetUnavailable, type TransportFleet } from "./types";
import { Assignment, type AssignmentRequest, CapacityGrant, type CapacityRequest, FleetError } from "./wire";

export type FleetEndpoint = { baseUrl: string; apiKey: string; timeoutMs: number };

/**
 * The transport provider over real HTTP (./wire). A refusal (409 no_vehicle, another 4xx) is an
 * outcome; 401 is FleetAuthError; 429, 5xx, a timeout or a broken connection is FleetUnavailable
 * (retryable: the Idempotency-Key makes a retry answer the same assignment, never a second car).
 */
export function fleetClient(endpoint: FleetEndpoint): TransportFleet {
  const call = async (method: string, path: string, body?: unknown, reference?: string) => {
    let res: Response;
    try {
      res = await fetch(new URL(path, endpoint.baseUrl), {
        method,
        headers: {
          authorization: `Bearer ${endpoint.apiKey}`,
          accept: "application/json",
          ...(body === undefined ? {} : { "content-type": "application/json" }),
          ...(reference ? { "idempotency-key": reference } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(endpoint.timeoutMs),
      });
    } catch (err) {
      throw new FleetUnavailable(err instanceof Error && err.name === "TimeoutError" ? "timed out" : "unreachable", null, null, { cause: err });
    }
    const json = await res.json().catch(() => null);
    if (res.status === 401) throw new FleetAuthError();
    if (res.status === 429) throw new FleetUnavailable("rate limited", 429, Number(res.headers.get("retry-after")) || null);
    if (res.status >= 500) throw new FleetUnavailable(`answered ${res.status}`, res.status);
    return { status: res.status, json };
  };

  return {
    async assign(request: AssignmentRequest): Promise<AssignOutcome> {
      const { status, json } = await call("POST", "/v1/assignments", request, request.reference);
      if (status >= 400) {
        const e = FleetError.safeParse(json);
        return { ok: false, code: e.success ? e.data.error.code : `http_${status}`, message: e.success ? e.data.error.message : `answered ${status}` };
      }
      const parsed = Assignment.safeParse(json);
      if (!parsed.success) throw new FleetUnavailable(`answered an unexpected shape (${status})`, status);
      return { ok: true, assignment: parsed.data };
    },
    async release(assignmentId: string): Promise<void> {
      const { status } = await call("DELETE", `/v1/assignments/${encodeURIComponent(assignmentId)}`);
      if (status >= 400 && status !== 404) throw new FleetUnavailable(`release answered ${status}`, status);
    },
    async requestCapacity(request: CapacityRequest, reference: string): Promise<CapacityAnswer> {
      const { status, json } = await call("POST", "/v1/capacity-requests", request, reference);
      // a provider without the API (404) or refusing the request (another 4xx) adds nothing
      if (status >= 400) {
        const e = FleetError.safeParse(json);
        return { granted: 0, message: e.success ? `${e.data.error.code}: ${e.data.error.message}` : `answered ${status}` };
      }
      const parsed = CapacityGrant.safeParse(json);
      if (!parsed.success) throw new FleetUnavailable(`answered an unexpected shape (${status})`, status);
      return { granted: Math.min(parsed.data.granted, request.vehicles), message: parsed.data.message ?? null };
    },
  };
}
