import dns from "node:dns";

export type ResolvedAddress = { address: string; family: 4 | 6 };
/** Every address a host name resolves to; rejects (with a Node error code) when it resolves to none. */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

/** The system resolver (getaddrinfo: /etc/hosts, then DNS), every answer in the resolver's order. */
const systemResolver: Resolver = async (hostname) =>
  (await dns.promises.lookup(hostname, { all: true, verbatim: true })).map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));

let current: Resolver = systemResolver;

/** The resolver outbound requests use, at registration and at connect time alike. */
export function resolveHost(hostname: string): Promise<ResolvedAddress[]> {
  return current(hostname);
}

/**
 * Tests answer DNS themselves (no network here, and a name must be made to point inside on
 * demand). Returns the function that puts the system resolver back.
 */
export function installResolver(resolver: Resolver): () => void {
  current = resolver;
  return () => {
    current = systemResolver;
  };
}
