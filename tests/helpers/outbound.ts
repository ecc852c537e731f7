import type { ResolvedAddress } from "@/lib/outbound/resolver";

/** Issue 18, finding 1: every notation of an inside address a tenant might write (WHATWG URL parsing normalises most to 127.0.0.1). */
export const INSIDE_URLS = [
  "http://127.0.0.1:8080/hooks",
  "http://localhost/",
  "http://LOCALHOST:3000/api/v1/admin/backup",
  "http://localhost./",
  "http://api.localhost/",
  "http://0.0.0.0/",
  "http://0/",
  "http://2130706433/",
  "http://0x7f000001/",
  "http://0x7f.1/",
  "http://127.1/",
  "http://0177.0.0.1/",
  "http://017700000001/",
  "http://127.0.0.1./",
  "http://%31%32%37.0.0.1/",
  "http://[::ffff:127.0.0.1]/",
  "http://[::ffff:7f00:1]/",
  "http://[0:0:0:0:0:ffff:127.0.0.1]/",
  "http://[::127.0.0.1]/",
  "http://[64:ff9b::7f00:1]/",
  "http://[2002:7f00:1::]/",
  "http://[::1]/",
  "http://[::]/",
  "http://10.0.0.1/",
  "http://172.16.5.4/",
  "http://172.31.255.255/",
  "http://192.168.1.1/",
  "http://[::ffff:192.168.1.1]/",
  "http://169.254.169.254/latest/meta-data/",
  "http://[::ffff:a9fe:a9fe]/latest/meta-data/",
  "http://100.64.0.1/",
  "http://[fe80::1]/",
  "http://[fd12:3456::1]/",
  "http://[fc00::1]/",
  "http://224.0.0.1/",
  "http://[ff02::1]/",
  "http://255.255.255.255/",
];

/** Names the fake resolver answers with inside addresses (one of several is enough to refuse). */
export const INSIDE_NAMES: Record<string, string[]> = {
  "internal.example.com": ["10.0.0.5"],
  "metadata.example.com": ["169.254.169.254"],
  "mixed.example.com": ["93.184.215.14", "127.0.0.1"],
  "v6loop.example.com": ["::1"],
  "mapped.example.com": ["::ffff:10.0.0.1"],
  "ula.example.com": ["fd00::7"],
  "cgnat.example.com": ["100.64.1.2"],
};
export const PUBLIC_NAMES: Record<string, string[]> = {
  "hooks.example.com": ["93.184.215.14"],
  "v6.example.com": ["2606:2800:21f:cb07:6820:80da:af6b:8b2c"],
};

/** A resolver answering from a table (no network here); any other name is ENOTFOUND, as the system resolver says it. */
export function fakeResolver(answers: Record<string, string[]>) {
  return async (hostname: string): Promise<ResolvedAddress[]> => {
    const found = answers[hostname.toLowerCase()];
    if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" });
    return found.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
  };
}
