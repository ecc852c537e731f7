import { config } from "@/lib/config";

/**
 * OUTBOUND_ALLOW_PRIVATE=1 lets a tenant's URL point at loopback or a private network: for a
 * developer's receiver on their own machine and for the tests' receivers on 127.0.0.1. Off by
 * default, the quick start included. Read on every check, so a test can switch it.
 */
export function privateTargetsAllowed(): boolean {
  return config.OUTBOUND_ALLOW_PRIVATE;
}

/** host and port of a URL's origin, as compared below ("" port when it is the scheme's default) */
type Origin = { hostname: string; port: string };

const bare = (hostname: string) => hostname.replace(/^\[|\]$/g, "").replace(/\.+$/, "").toLowerCase();

function originOf(raw: string): Origin | null {
  try {
    const u = new URL(raw.trim());
    return { hostname: bare(u.hostname), port: u.port };
  } catch {
    return null;
  }
}

/**
 * The origins this service answers on (PUBLIC_URL, AUTH_URL, ALLOWED_ORIGINS, loopback on PORT): a tenant's URL
 * there would make the service POST to its own API (its backup route, its admin endpoints).
 */
export function ownOrigins(): Origin[] {
  // and, where loopback is allowed at all, the loopback names of the port it listens on
  const port = config.PORT;
  const local = privateTargetsAllowed() ? ["localhost", "127.0.0.1", "[::1]", "0.0.0.0"].map((h) => `http://${h}:${port}`) : [];
  const raw = [config.PUBLIC_URL, config.AUTH_URL, config.NEXTAUTH_URL, ...(config.ALLOWED_ORIGINS ?? []), ...local];
  return raw.flatMap((r) => (r && r.trim() ? [originOf(r)] : [])).filter((o): o is Origin => o !== null);
}

/**
 * Whether a URL's host is the service's own. Without OUTBOUND_ALLOW_PRIVATE any port of the
 * service's host name counts; with it (a developer's machine, where receivers listen on other ports
 * of 127.0.0.1) only the service's own port does.
 */
export function isOwnOrigin(hostname: string, port: string): boolean {
  const host = bare(hostname);
  return ownOrigins().some((o) => o.hostname === host && (!privateTargetsAllowed() || o.port === port));
}

export { bare as bareHostname };
