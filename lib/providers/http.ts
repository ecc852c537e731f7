import type { z } from "zod";
import type { Provider } from "@/lib/vocabulary";
import { ProviderAuthError, ProviderRateLimited, ProviderUnavailable } from "./errors";
import { retryAfterSeconds } from "@/lib/http/retry-after";

/**
 * What both external adapters share: an expiring access token fetched once and reused, and one
 * JSON call that classifies every failure into the typed errors of ./errors. A 401 refreshes the
 * token and retries that call once; nothing else is retried here (the booking job owns backoff).
 */

export class TokenSource {
  private current: { token: string; expiresAt: number } | null = null;
  private inflight: Promise<string> | null = null;
  constructor(private readonly fetchToken: () => Promise<{ token: string; expiresInSeconds: number }>) {}

  /** a cached token while it has a minute left; `force` after the provider refused it */
  async get(force = false): Promise<string> {
    if (!force && this.current && this.current.expiresAt - 60_000 > Date.now()) return this.current.token;
    this.inflight ??= this.fetchToken()
      .then(({ token, expiresInSeconds }) => {
        this.current = { token, expiresAt: Date.now() + expiresInSeconds * 1000 };
        return token;
      })
      .finally(() => {
        this.inflight = null;
      });
    return this.inflight;
  }
}

export type Endpoint = { provider: Provider; baseUrl: string; timeoutMs: number; tokens: TokenSource };

export type JsonCall<T extends z.ZodType> = {
  method: "GET" | "POST" | "PUT" | "DELETE";
  path: string;
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  schema: T;
  signal?: AbortSignal;
  /** a booking: a lost answer leaves its outcome unknown */
  booking?: boolean;
};

/** A 4xx other than 401/429, for the adapter to map with its provider's error codes. */
export type ClientFailure = { ok: false; status: number; body: unknown };
export type JsonResult<T> = { ok: true; status: number; data: T } | ClientFailure;

export async function callJson<T extends z.ZodType>(endpoint: Endpoint, call: JsonCall<T>): Promise<JsonResult<z.output<T>>> {
  const first = await send(endpoint, call, await tokenOrThrow(endpoint, false));
  const res = first.status === 401 ? await send(endpoint, call, await tokenOrThrow(endpoint, true)) : first;
  const text = await res.text().catch(() => "");
  const body = parseJson(text);
  if (res.status === 401) throw new ProviderAuthError(endpoint.provider, "the provider refused a freshly issued token");
  if (res.status === 429) throw new ProviderRateLimited(endpoint.provider, retryAfterSeconds(res.headers.get("retry-after")));
  if (res.status >= 500) throw new ProviderUnavailable(endpoint.provider, `answered ${res.status}`, res.status, !!call.booking);
  if (res.status >= 400) return { ok: false, status: res.status, body };
  const parsed = call.schema.safeParse(body);
  if (!parsed.success) throw new ProviderUnavailable(endpoint.provider, `answered an unexpected shape to ${call.method} ${call.path}`, res.status, !!call.booking);
  return { ok: true, status: res.status, data: parsed.data };
}

async function tokenOrThrow(endpoint: Endpoint, force: boolean): Promise<string> {
  try {
    return await endpoint.tokens.get(force);
  } catch (err) {
    if (err instanceof ProviderAuthError || err instanceof ProviderUnavailable || err instanceof ProviderRateLimited) throw err;
    throw new ProviderUnavailable(endpoint.provider, `token endpoint unreachable: ${message(err)}`, null, false, { cause: err });
  }
}

async function send(endpoint: Endpoint, call: JsonCall<z.ZodType>, token: string): Promise<Response> {
  const url = new URL(call.path, endpoint.baseUrl);
  for (const [k, v] of Object.entries(call.query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
  const signals = [AbortSignal.timeout(endpoint.timeoutMs), ...(call.signal ? [call.signal] : [])];
  try {
    return await fetch(url, {
      method: call.method,
      headers: { authorization: `Bearer ${token}`, accept: "application/json", ...(call.body === undefined ? {} : { "content-type": "application/json" }) },
      body: call.body === undefined ? undefined : JSON.stringify(call.body),
      signal: AbortSignal.any(signals),
    });
  } catch (err) {
    const timedOut = err instanceof Error && (err.name === "TimeoutError" || err.name === "AbortError");
    const what = timedOut ? `no answer within ${endpoint.timeoutMs} ms` : `connection failed: ${message(err)}`;
    throw new ProviderUnavailable(endpoint.provider, `${call.method} ${call.path}: ${what}`, null, !!call.booking, { cause: err });
  }
}

/** Fetches a token with the provider's own request; failures classified like any call. */
export async function fetchToken(provider: Provider, url: URL, init: RequestInit, timeoutMs: number): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  } catch (err) {
    throw new ProviderUnavailable(provider, `token endpoint: ${message(err)}`, null, false, { cause: err });
  }
  const body = parseJson(await res.text().catch(() => ""));
  if (res.status === 429) throw new ProviderRateLimited(provider, retryAfterSeconds(res.headers.get("retry-after")));
  if (res.status >= 500) throw new ProviderUnavailable(provider, `token endpoint answered ${res.status}`, res.status);
  if (!res.ok) throw new ProviderAuthError(provider, `the token endpoint refused our credentials (${res.status})`);
  return body;
}


function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return text;
  }
}

function message(err: unknown): string {
  const cause = err instanceof Error && err.cause instanceof Error ? `: ${err.cause.message}` : "";
  return err instanceof Error ? `${err.message}${cause}` : String(err);
}
