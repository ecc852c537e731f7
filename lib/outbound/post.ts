import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import { isForbiddenAddress } from "./addresses";
import { targetRefusal } from "./check-url";
import { privateTargetsAllowed } from "./policy";
import { resolveHost } from "./resolver";

/** The words a delivery log shows for a failed attempt: never the other host's answer or its addresses. */
export const NOT_ALLOWED = "target address not allowed";

export class OutboundError extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = "OutboundError";
  }
}

/**
 * Connect-time check (DNS rebinding): the socket is opened only to an address this lookup
 * returned, and it returns none when any answer is internal. A name that resolved to a public
 * address when the URL was registered and to 127.0.0.1 now is refused here, not trusted.
 */
const guardedLookup: LookupFunction = (hostname, options, callback) => {
  resolveHost(hostname.replace(/\.+$/, "")).then(
    (answers) => {
      const wanted = answers.filter((a) => !options.family || a.family === options.family);
      if (wanted.length === 0) return callback(Object.assign(new Error(`no address for ${hostname}`), { code: "ENOTFOUND" }), "", 4);
      if (!privateTargetsAllowed() && answers.some((a) => isForbiddenAddress(a.address))) return callback(new OutboundError(NOT_ALLOWED), "", 4);
      if (options.all) return (callback as unknown as (e: null, a: typeof wanted) => void)(null, wanted);
      callback(null, wanted[0].address, wanted[0].family);
    },
    (err: NodeJS.ErrnoException) => callback(err, "", 4),
  );
};

/**
 * POSTs a body to a tenant's URL and answers the status code. The URL is checked again first (an
 * address written in the URL is connected to without a lookup, so the lookup cannot be the only
 * check), the host is resolved by guardedLookup, redirects are never followed (a 3xx is just
 * the answer), and the answer's body is drained unread. Failures are OutboundErrors in words.
 */
export async function postToTarget(url: string, { headers, body, timeoutMs }: { headers: Record<string, string>; body: string; timeoutMs: number }): Promise<number> {
  if (await targetRefusal(url, { resolve: false })) throw new OutboundError(NOT_ALLOWED);
  const u = new URL(url);
  const client = u.protocol === "https:" ? https : http;
  const signal = AbortSignal.timeout(timeoutMs);
  return new Promise<number>((resolve, reject) => {
    const req = client.request(
      u,
      { method: "POST", headers: { ...headers, "content-length": String(Buffer.byteLength(body)) }, lookup: guardedLookup, agent: false, signal },
      (res) => {
        res.resume();
        res.on("error", () => undefined);
        resolve(res.statusCode ?? 0);
      },
    );
    req.on("error", (err) => reject(new OutboundError(reasonOf(err, signal.aborted, timeoutMs))));
    req.end(body);
  });
}

/** A failure as a few words: what a log reader needs to fix a receiver, nothing a probe could read an inside host's answer from. */
function reasonOf(err: unknown, timedOut: boolean, timeoutMs: number): string {
  if (timedOut) return `timed out after ${Math.round(timeoutMs / 1000)} s`;
  if (err instanceof OutboundError) return err.reason;
  const e = err as NodeJS.ErrnoException & { cause?: unknown };
  if (e?.cause instanceof OutboundError) return e.cause.reason;
  const code = e?.code ?? "";
  if (code === "ECONNREFUSED") return "connection refused";
  if (code === "ECONNRESET" || code === "EPIPE") return "connection reset";
  if (code === "ENOTFOUND" || code === "EAI_AGAIN" || code === "EAI_NODATA") return "host not found";
  if (code === "EHOSTUNREACH" || code === "ENETUNREACH" || code === "EADDRNOTAVAIL") return "host unreachable";
  if (code === "ETIMEDOUT" || code === "ABORT_ERR") return `timed out after ${Math.round(timeoutMs / 1000)} s`;
  if (/CERT|TLS|SSL|ERR_SSL/.test(code)) return "TLS handshake failed";
  if (code === "HPE_INVALID_CONSTANT" || code.startsWith("HPE_")) return "invalid HTTP answer";
  return "request failed";
}
