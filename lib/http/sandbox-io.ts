import type http from "node:http";
import type { Drawn, Faults } from "@/lib/http/faults";

/**
 * The small pieces every sandbox server of ours (hotel providers, PSP, fleet, model) needs to
 * read a request and fake a slow peer, written once.
 */

/** The request body as JSON; undefined when empty, `invalid` (default undefined) when not JSON. */
export async function readJsonBody<T = undefined>(req: http.IncomingMessage, invalid?: T): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString("utf8");
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return invalid;
  }
}

/** The first value of a header that may be repeated. */
export const firstHeader = (v: string | string[] | undefined): string | null => (Array.isArray(v) ? v[0] : v) ?? null;

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Holds the answer back for `ms`, or until the client gives up and closes the connection. */
export function hang(res: http.ServerResponse, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    res.on("close", () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

export type JsonReply = (status: number, payload: unknown, headers?: Record<string, string>) => void;

/**
 * A JSON answer for a response (ignored once the client has gone), and an error answer in the
 * peer's own error shape: `{ error: { [errorKey]: code, message } }` (`code` for the PSP and the
 * fleet, `type` for the OpenAI-compatible model).
 */
export function jsonReplies(res: http.ServerResponse, errorKey = "code") {
  const reply: JsonReply = (status, payload, headers = {}) => {
    if (res.headersSent || res.destroyed) return;
    res.writeHead(status, { "content-type": "application/json", ...headers });
    res.end(JSON.stringify(payload));
  };
  const fail = (status: number, code: string, message: string, headers?: Record<string, string>) => reply(status, { error: { [errorKey]: code, message } }, headers);
  return { reply, fail };
}

/**
 * What our bearer-key sandboxes (PSP, fleet, meal-voucher issuer, ride provider) answer before
 * their own routes: a wrong key or a drawn 401, a 429 with Retry-After, a 5xx, or a hang then 504.
 * `drawn` is the fault the sandbox's Faults drew for this request. True when it answered.
 */
export async function answerFault(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  o: { apiKey: string; drawn: Drawn; faults: Faults; fail: ReturnType<typeof jsonReplies>["fail"]; failure: string },
): Promise<boolean> {
  const { drawn, fail } = o;
  if (drawn.latencyMs) await sleep(drawn.latencyMs);
  if (req.headers.authorization !== `Bearer ${o.apiKey}` || drawn.fault === "401") return fail(401, "unauthorized", "invalid API key"), true;
  switch (drawn.fault) {
    case "429":
      return fail(429, "rate_limited", "too many requests", { "retry-after": String(o.faults.settings.retryAfterSeconds) }), true;
    case "500":
    case "502":
    case "503":
      return fail(Number(drawn.fault), "server_error", `${o.failure} failed`), true;
    case "timeout":
      await hang(res, o.faults.settings.timeoutMs);
      return fail(504, "timeout", `${o.failure} timed out`), true;
  }
  return false;
}
