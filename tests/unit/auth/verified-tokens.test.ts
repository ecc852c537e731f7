import { afterEach, describe, expect, it, vi } from "vitest";
import { mintToken, verifyToken } from "@/lib/auth/tokens";

// verifyToken keeps tokens it verified; what it keeps must not outlive the token or the secret
describe("verified tokens kept between requests", () => {
  const secret = process.env.AUTH_SECRET;
  afterEach(() => {
    vi.useRealTimers();
    process.env.AUTH_SECRET = secret;
  });

  it("answers a verified token again, and a copy the caller may change", async () => {
    const { token } = await mintToken({ tenant: "AF", roles: ["ADMIN"], airports: ["CDG"] });
    const first = await verifyToken(token);
    first.airports.length = 0;
    first.tenant = "XX";
    const again = await verifyToken(token);
    expect(again.tenant).toBe("AF");
  });

  it("refuses it once expired", async () => {
    const { token } = await mintToken({ tenant: "AF", roles: ["ADMIN"], airports: ["CDG"], ttlSeconds: 60 });
    await verifyToken(token);
    vi.useFakeTimers({ now: Date.now() + 61_000 });
    await expect(verifyToken(token)).rejects.toMatchObject({ status: 401 });
  });

  it("refuses it under another secret", async () => {
    const { token } = await mintToken({ tenant: "AF", roles: ["ADMIN"], airports: ["CDG"] });
    await verifyToken(token);
    process.env.AUTH_SECRET = "another-secret-of-enough-length-0123456789";
    await expect(verifyToken(token)).rejects.toMatchObject({ status: 401 });
  });
});
