import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { isForbiddenAddress } from "@/lib/outbound/addresses";
import { targetRefusal } from "@/lib/outbound/check-url";
import { installResolver } from "@/lib/outbound/resolver";
import { fakeResolver, INSIDE_NAMES, INSIDE_URLS, PUBLIC_NAMES } from "@/tests/helpers/outbound";

/** Issue 18, finding 1: the check itself, with OUTBOUND_ALLOW_PRIVATE off (the API tests are in tests/integration/security/outbound.test.ts). */

describe("outbound targets with OUTBOUND_ALLOW_PRIVATE off", () => {
  let restore: () => void;
  beforeEach(() => {
    vi.stubEnv("OUTBOUND_ALLOW_PRIVATE", "");
    restore = installResolver(fakeResolver({ ...INSIDE_NAMES, ...PUBLIC_NAMES }));
  });
  afterEach(() => {
    restore();
    vi.unstubAllEnvs();
  });

  it.each(INSIDE_URLS)("refuses %s", async (url) => {
    expect(await targetRefusal(url)).toMatch(/must not point at this machine or a private network/);
  });

  it.each(Object.keys(INSIDE_NAMES))("refuses a name resolving inside: %s", async (name) => {
    expect(await targetRefusal(`https://${name}/hook`)).toMatch(/resolves to an internal address/);
    expect(await targetRefusal(`https://${name.toUpperCase()}./hook`)).toMatch(/resolves to an internal address/);
  });

  it("accepts public addresses and names, and a name that does not resolve yet (checked again at delivery)", async () => {
    for (const url of ["https://hooks.example.com/das", "https://v6.example.com/das", "http://93.184.215.14:8080/x", "https://[2606:4700:4700::1111]/", "https://not-yet.example.org/hook", "http://[::ffff:5db8:d70e]/", "http://[64:ff9b::5db8:d70e]/"]) {
      expect(await targetRefusal(url), url).toBeNull();
    }
  });

  it("refuses the service's own origin, on any port of its host name, whatever it resolves to", async () => {
    vi.stubEnv("PUBLIC_URL", "https://das.example.com");
    vi.stubEnv("ALLOWED_ORIGINS", "https://ops.example.com");
    restore();
    restore = installResolver(fakeResolver({ "das.example.com": ["93.184.215.14"], "ops.example.com": ["93.184.215.15"] }));
    expect(await targetRefusal("https://das.example.com/api/v1/admin/backup")).toMatch(/this service itself/);
    expect(await targetRefusal("http://DAS.example.com.:8443/api/v1/admin/backup")).toMatch(/this service itself/);
    expect(await targetRefusal("https://ops.example.com/")).toMatch(/this service itself/);
  });

  it("refuses what is not an http(s) URL without credentials", async () => {
    for (const url of ["file:///etc/passwd", "gopher://hooks.example.com/", "https://user:pw@hooks.example.com/", "not a url"]) {
      expect(await targetRefusal(url), url).not.toBeNull();
    }
  });
});

describe("OUTBOUND_ALLOW_PRIVATE=1 (development and tests)", () => {
  afterEach(() => vi.unstubAllEnvs());

  it("allows private targets, but still not the service's own origin and port", async () => {
    vi.stubEnv("OUTBOUND_ALLOW_PRIVATE", "1");
    vi.stubEnv("PUBLIC_URL", "http://127.0.0.1:3202");
    expect(await targetRefusal("http://127.0.0.1:45678/hooks")).toBeNull();
    expect(await targetRefusal("http://localhost:45678/hooks")).toBeNull();
    expect(await targetRefusal("http://127.0.0.1:3202/api/v1/admin/backup")).toMatch(/this service itself/);
    vi.stubEnv("PORT", "3999");
    for (const url of ["http://localhost:3999/api/v1/admin/backup", "http://127.1:3999/", "http://0:3999/", "http://[::1]:3999/"]) {
      expect(await targetRefusal(url), url).toMatch(/this service itself/);
    }
  });
});

describe("isForbiddenAddress", () => {
  it("knows the inside ranges in IPv4, IPv6 and IPv6 carrying IPv4", () => {
    const inside = ["127.0.0.1", "10.255.255.255", "172.16.0.1", "192.168.0.1", "169.254.169.254", "100.64.0.1", "100.127.255.255", "0.0.0.0", "224.0.0.251", "::", "::1", "fe80::1%eth0", "fc00::1", "fdff::1", "ff02::1", "::ffff:7f00:1", "::7f00:1", "64:ff9b::a00:1", "2002:c0a8:101::1"];
    const outside = ["93.184.215.14", "8.8.8.8", "100.128.0.1", "172.32.0.1", "192.169.0.1", "2606:4700:4700::1111", "::ffff:808:808", "64:ff9b::808:808", "2002:808:808::1"];
    for (const a of inside) expect(isForbiddenAddress(a), a).toBe(true);
    for (const a of outside) expect(isForbiddenAddress(a), a).toBe(false);
    expect(isForbiddenAddress("not-an-ip")).toBe(true);
  });
});
