import { config } from "@/lib/config/env";
import { isTrustedProxy, peerAddress } from "./client-address";

/**
 * Whether a browser request comes from another site: its Origin names a host other than the one
 * it was sent to (or one of ALLOWED_ORIGINS, for a console behind another name), or the browser
 * says so in Sec-Fetch-Site. A request with neither header (curl, a server) is not a browser's
 * cross-site request.
 */
export function isForeignOrigin(req: Request): boolean {
  const fetchSite = req.headers.get("sec-fetch-site");
  if (fetchSite === "cross-site" || fetchSite === "same-site") return true;
  const origin = req.headers.get("origin");
  if (origin === null) return false;
  let host: string;
  try {
    host = new URL(origin).host.toLowerCase();
  } catch {
    return true; // "null" (sandboxed frames, file:) or garbage
  }
  return !ownHosts(req).has(host);
}

function ownHosts(req: Request): Set<string> {
  const hosts = new Set<string>();
  const add = (h: string | null | undefined) => {
    for (const part of (h ?? "").split(",")) if (part.trim()) hosts.add(part.trim().toLowerCase());
  };
  add(new URL(req.url).host);
  add(req.headers.get("host"));
  // only a TRUSTED_PROXIES proxy may say which host the browser asked for: anyone else's
  // X-Forwarded-Host would let a foreign page's request vouch for its own origin
  if (isTrustedProxy(peerAddress(req))) add(req.headers.get("x-forwarded-host"));
  for (const o of config.ALLOWED_ORIGINS ?? []) {
    try {
      if (o.trim()) add(new URL(o.trim()).host);
    } catch {
      add(o);
    }
  }
  return hosts;
}

export const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
