import { isDatabaseUnavailable } from "@/db/unavailable";
import { DomainError, serviceUnavailable, TITLES } from "@/lib/errors";

export const PROBLEM_TYPE_BASE = "https://disruption-accommodation.dev/problems/";

/**
 * RFC 9457 problem+json for a DomainError; a database out of reach is a 503 with Retry-After;
 * anything else is a 500 that reveals nothing.
 */
export function problemResponse(err: unknown, requestId: string, instance: string): Response {
  const e =
    err instanceof DomainError
      ? err
      : isDatabaseUnavailable(err)
        ? serviceUnavailable()
        : new DomainError(500, "INTERNAL", "An unexpected error occurred; it has been logged.");
  const body = {
    ...e.extensions,
    type: PROBLEM_TYPE_BASE + e.code.toLowerCase().replaceAll("_", "-"),
    title: TITLES[e.status] ?? "Error",
    status: e.status,
    detail: e.message,
    code: e.code,
    errors: e.errors,
    instance,
    requestId,
  };
  return new Response(JSON.stringify(body), {
    status: e.status,
    headers: { "content-type": "application/problem+json", "x-request-id": requestId, ...e.headers },
  });
}
