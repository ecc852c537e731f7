import net from "node:net";
import { invalid } from "@/lib/errors";
import { isForbiddenAddress } from "./addresses";
import { bareHostname, isOwnOrigin, privateTargetsAllowed } from "./policy";
import { resolveHost } from "./resolver";

/** How long registration waits for DNS; a name that does not answer in time is checked again at delivery. */
const RESOLVE_TIMEOUT_MS = 3_000;

const INTERNAL = "must not point at this machine or a private network";

/**
 * Why a tenant's URL may not be a target, or null when it may. The URL is parsed by WHATWG rules
 * first, which is what turns 2130706433, 0x7f000001, 127.1 and 0177.0.0.1 into 127.0.0.1 and
 * [::ffff:127.0.0.1] into [::ffff:7f00:1]; the address is then judged by lib/outbound/addresses.
 * With `resolve`, a host name is looked up and refused when any of its addresses is internal; a name
 * that does not resolve now passes (the delivery resolves it again and connects only to a checked
 * address, which is also what defeats DNS rebinding).
 */
export async function targetRefusal(raw: string, { resolve = true } = {}): Promise<string | null> {
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    return "an http(s) URL without credentials";
  }
  if ((u.protocol !== "http:" && u.protocol !== "https:") || u.username || u.password) return "an http(s) URL without credentials";
  const host = bareHostname(u.hostname);
  if (isOwnOrigin(host, u.port)) return "must not point at this service itself";
  if (privateTargetsAllowed()) return null;
  if (net.isIP(host)) return isForbiddenAddress(host) ? `${INTERNAL} (${host} is an internal address)` : null;
  if (host === "localhost" || host.endsWith(".localhost")) return `${INTERNAL} (localhost)`;
  if (!resolve) return null;
  const answers = await withTimeout(resolveHost(host), RESOLVE_TIMEOUT_MS).catch(() => null);
  if (answers?.some((a) => isForbiddenAddress(a.address))) return `${INTERNAL} (the name resolves to an internal address)`;
  return null;
}

/** 422 VALIDATION_FAILED naming the field (`url`, `alerting.url`) when the URL may not be a target. */
export async function assertTargetUrl(raw: string, path: string): Promise<void> {
  const why = await targetRefusal(raw);
  if (why) throw invalid("The URL is not an allowed target for outbound requests.", [{ path, message: why }]);
}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("timed out")), ms);
  });
  return Promise.race([p, timeout]).finally(() => clearTimeout(timer));
}
