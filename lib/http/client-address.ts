import { BlockList, isIP } from "node:net";
import { config } from "@/lib/config/env";

/**
 * The header in which the server itself records the TCP peer's address (lib/http/peer-header.ts,
 * installed from instrumentation.ts). Whatever a client sends under this name is overwritten
 * before Next sees the request, so it can be believed. Next keeps a client's own X-Forwarded-For
 * as it is and never appends the peer, so without this the app could not tell a proxy from a liar.
 */
export const PEER_HEADER = "x-das-peer-address";

/** `::ffff:127.0.0.1` → `127.0.0.1`; `[::1]` → `::1`; junk → null. */
export function normaliseAddress(raw: string | null | undefined): string | null {
  let a = (raw ?? "").trim();
  if (a.startsWith("[") && a.includes("]")) a = a.slice(1, a.indexOf("]"));
  if (/^::ffff:\d+\.\d+\.\d+\.\d+$/i.test(a)) a = a.slice(7);
  // an IPv4 address with a port (`203.0.113.7:5123`), as some proxies write it
  if (/^\d+\.\d+\.\d+\.\d+:\d+$/.test(a)) a = a.slice(0, a.lastIndexOf(":"));
  return isIP(a) ? a.toLowerCase() : null;
}

let cached: { spec: string; list: BlockList } | undefined;

/**
 * TRUSTED_PROXIES: comma-separated addresses or CIDR ranges of the reverse proxies in front of
 * the app (`127.0.0.1,10.0.0.0/8,::1`). Empty (the default): no proxy is trusted, and
 * X-Forwarded-For and X-Forwarded-Proto are ignored. An entry that does not parse is ignored.
 */
function trustedProxies(): BlockList {
  const spec = (config.TRUSTED_PROXIES ?? []).join(",");
  if (cached?.spec === spec) return cached.list;
  const list = new BlockList();
  for (const entry of spec.split(",").map((e) => e.trim()).filter(Boolean)) {
    const [addr, bits] = entry.split("/");
    const a = normaliseAddress(addr);
    if (!a) continue;
    const type = isIP(a) === 6 ? "ipv6" : "ipv4";
    if (bits === undefined) list.addAddress(a, type);
    else if (/^\d+$/.test(bits) && Number(bits) <= (type === "ipv6" ? 128 : 32)) list.addSubnet(a, Number(bits), type);
  }
  cached = { spec, list };
  return list;
}

export function isTrustedProxy(address: string | null): boolean {
  if (!address) return false;
  return trustedProxies().check(address, isIP(address) === 6 ? "ipv6" : "ipv4");
}

/** The TCP peer of the request as the server recorded it, or null (a request built in-process). */
export function peerAddress(req: { headers: Headers }): string | null {
  return normaliseAddress(req.headers.get(PEER_HEADER));
}

/**
 * The client's address: the peer itself, unless the peer is a trusted proxy; then X-Forwarded-For
 * is read from the right, past every trusted proxy, and the first address that is not one is the
 * client (the entries left of it were written by the client and prove nothing). Null when unknown.
 */
export function clientAddress(req: { headers: Headers }): string | null {
  const peer = peerAddress(req);
  if (!isTrustedProxy(peer)) return peer;
  const hops = (req.headers.get("x-forwarded-for") ?? "").split(",").map((h) => normaliseAddress(h));
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = hops[i];
    if (hop === null) return peer; // a hop that is no address: stop believing the chain here
    if (!isTrustedProxy(hop)) return hop;
  }
  return hops.length && hops[0] ? hops[0] : peer;
}

/**
 * Whether the request reached the public side over HTTPS: PUBLIC_URL says https, or a trusted
 * proxy says so in X-Forwarded-Proto (its first value: the scheme the client used). A header
 * from anyone else is ignored: it could make a session cookie Secure where the browser
 * will then not send it back, or the reverse.
 */
export function isHttpsRequest(req: { headers: Headers } | null): boolean {
  if (publicUrlIsHttps()) return true;
  if (!req || !isTrustedProxy(peerAddress(req))) return false;
  return (req.headers.get("x-forwarded-proto") ?? "").split(",")[0].trim().toLowerCase() === "https";
}

export function publicUrlIsHttps(): boolean {
  return /^https:\/\//i.test(config.PUBLIC_URL ?? "");
}

/** The public origin of the console: PUBLIC_URL's origin, else http://localhost:$PORT. */
export function publicOrigin(): string {
  try {
    if (config.PUBLIC_URL) return new URL(config.PUBLIC_URL).origin;
  } catch {
    /* a malformed PUBLIC_URL: the default below */
  }
  return `http://localhost:${config.PORT}`;
}

/**
 * The sign-in page with a way back to `returnTo` (a path of ours): under PUBLIC_URL when set,
 * else relative, which the browser resolves against the address it used.
 */
export function publicSignInUrl(returnTo: string): string {
  return publicLocation(`/sign-in?callbackUrl=${encodeURIComponent(returnTo)}`);
}

/**
 * Where a redirect to one of our paths points: under PUBLIC_URL when set, else the path alone,
 * which the browser resolves against the address it used. Never the address the server is bound
 * to (`http://0.0.0.0:3000`), which is what the request's URL says behind `next start`.
 */
export function publicLocation(path: string): string {
  if (!config.PUBLIC_URL) return path;
  try {
    return `${new URL(config.PUBLIC_URL).origin}${path}`;
  } catch {
    return path;
  }
}
