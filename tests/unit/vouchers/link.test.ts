import { describe, expect, it, vi } from "vitest";
import { newUrn } from "@/lib/ids";
import { linkExpiry, signPassengerToken, verifyPassengerToken } from "@/lib/vouchers/link";

const urn = newUrn("reservation");
const future = Math.floor(Date.now() / 1000) + 3600;

describe("passenger voucher links", () => {
  it("a signed link verifies and names its reservation", () => {
    expect(verifyPassengerToken(signPassengerToken(urn, future))).toEqual({ ok: true, reservationUrn: urn, expiresAt: future });
  });

  it("is refused once expired", () => {
    const token = signPassengerToken(urn, future);
    expect(verifyPassengerToken(token, future * 1000)).toEqual({ ok: false, reason: "EXPIRED" });
    expect(verifyPassengerToken(signPassengerToken(urn, 1000))).toEqual({ ok: false, reason: "EXPIRED" });
  });

  it("is refused when any part is changed: another reservation, a later expiry, the signature", () => {
    const [payload, exp, sig] = signPassengerToken(urn, future).split(".");
    const other = Buffer.from(newUrn("reservation")).toString("base64url");
    expect(verifyPassengerToken(`${other}.${exp}.${sig}`)).toEqual({ ok: false, reason: "BAD_SIGNATURE" });
    expect(verifyPassengerToken(`${payload}.${future + 86_400 * 365}.${sig}`)).toEqual({ ok: false, reason: "BAD_SIGNATURE" });
    const flipped = sig.slice(0, -1) + (sig.endsWith("A") ? "B" : "A");
    expect(verifyPassengerToken(`${payload}.${exp}.${flipped}`)).toEqual({ ok: false, reason: "BAD_SIGNATURE" });
    for (const junk of ["", "abc", `${payload}.${exp}`, `${payload}.x.${sig}`, "../../etc/passwd"]) {
      expect(verifyPassengerToken(junk).ok).toBe(false);
    }
  });

  it("is signed with AUTH_SECRET: another secret's link is refused", () => {
    const token = signPassengerToken(urn, future);
    const saved = process.env.AUTH_SECRET;
    process.env.AUTH_SECRET = "another-secret-0123456789abcdef0123456789";
    try {
      expect(verifyPassengerToken(token)).toEqual({ ok: false, reason: "BAD_SIGNATURE" });
    } finally {
      process.env.AUTH_SECRET = saved;
    }
  });

  it("expires a fixed time after check-out (3 days unless PASSENGER_LINK_GRACE_DAYS says), so the same stay always gives the same link", () => {
    const checkOut = new Date("2026-11-22T09:30:00Z");
    try {
      vi.stubEnv("PASSENGER_LINK_GRACE_DAYS", "");
      expect(linkExpiry(checkOut)).toBe(Date.parse("2026-11-25T09:30:00Z") / 1000);
      expect(signPassengerToken(urn, linkExpiry(checkOut))).toBe(signPassengerToken(urn, linkExpiry(checkOut)));
      vi.stubEnv("PASSENGER_LINK_GRACE_DAYS", "7");
      expect(linkExpiry(checkOut)).toBe(Date.parse("2026-11-29T09:30:00Z") / 1000);
      // a value out of range is refused (the server does not start with it), never a link that never expires
      vi.stubEnv("PASSENGER_LINK_GRACE_DAYS", "-1");
      expect(() => linkExpiry(checkOut)).toThrow("PASSENGER_LINK_GRACE_DAYS must be at least 0");
      vi.stubEnv("PASSENGER_LINK_GRACE_DAYS", "3651");
      expect(() => linkExpiry(checkOut)).toThrow("PASSENGER_LINK_GRACE_DAYS must be at most 3650");
    } finally {
      vi.unstubAllEnvs();
    }
  });
});
