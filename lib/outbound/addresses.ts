import net from "node:net";

/**
 * Addresses a tenant's URL may never reach: this machine, the private networks around it and
 * the cloud metadata endpoint (169.254.169.254), so a webhook cannot be turned into a probe of
 * the inside (issue 18). Node's BlockList does the range arithmetic; it also matches IPv4-mapped
 * IPv6 (::ffff:a.b.c.d) against the IPv4 ranges.
 */
const V4: [string, number][] = [
  ["0.0.0.0", 8], // "this network"; 0.0.0.0 reaches the local host
  ["10.0.0.0", 8],
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8],
  ["169.254.0.0", 16], // link-local, the metadata endpoint
  ["172.16.0.0", 12],
  ["192.0.0.0", 24], // IETF protocol assignments
  ["192.168.0.0", 16],
  ["198.18.0.0", 15], // benchmarking
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, and 255.255.255.255
];
const V6: [string, number][] = [
  ["::", 128], // unspecified
  ["::1", 128],
  ["100::", 64], // discard
  ["fc00::", 7], // unique-local
  ["fe80::", 10], // link-local
  ["fec0::", 10], // site-local (deprecated, still routed inside some networks)
  ["ff00::", 8], // multicast
];

const blocked = new net.BlockList();
for (const [a, p] of V4) blocked.addSubnet(a, p, "ipv4");
for (const [a, p] of V6) blocked.addSubnet(a, p, "ipv6");

/** The eight 16-bit groups of an IPv6 address (a zone such as %eth0 ignored), or null. */
function ipv6Groups(address: string): number[] | null {
  let a = address.split("%")[0].toLowerCase();
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(a);
  if (dotted) {
    if (net.isIPv4(dotted[1]) === false) return null;
    const [w, x, y, z] = dotted[1].split(".").map(Number);
    a = `${a.slice(0, -dotted[1].length)}${((w << 8) | x).toString(16)}:${((y << 8) | z).toString(16)}`;
  }
  const halves = a.split("::");
  if (halves.length > 2) return null;
  const part = (s: string) => (s ? s.split(":").map((g) => parseInt(g, 16)) : []);
  const head = part(halves[0]);
  const tail = halves.length === 2 ? part(halves[1]) : [];
  const fill = 8 - head.length - tail.length;
  if (fill < 0 || (halves.length === 1 && fill !== 0)) return null;
  const groups = [...head, ...Array<number>(fill).fill(0), ...tail];
  return groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : null;
}

const v4Of = (hi: number, lo: number) => `${hi >> 8}.${hi & 0xff}.${lo >> 8}.${lo & 0xff}`;

/**
 * The IPv4 address an IPv6 address carries, where the network would deliver to it: IPv4-compatible
 * (::a.b.c.d), NAT64 (64:ff9b::/96) and 6to4 (2002:AABB:CCDD::/48). IPv4-mapped is BlockList's.
 */
function embeddedV4(g: number[]): string | null {
  if (g.slice(0, 6).every((x) => x === 0)) return v4Of(g[6], g[7]);
  if (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0)) return v4Of(g[6], g[7]);
  if (g[0] === 0x2002) return v4Of(g[1], g[2]);
  return null;
}

/** Whether an IP address (v4 or v6, any textual form Node accepts) is one a tenant's URL may not reach. */
export function isForbiddenAddress(address: string): boolean {
  const family = net.isIP(address.split("%")[0]);
  if (family === 4) return blocked.check(address, "ipv4");
  if (family !== 6) return true; // not an address at all: never connect to it
  const plain = address.split("%")[0];
  if (blocked.check(plain, "ipv6")) return true;
  const groups = ipv6Groups(plain);
  if (!groups) return true;
  const v4 = embeddedV4(groups);
  return v4 !== null && blocked.check(v4, "ipv4");
}
