import crypto from "node:crypto";
import { authSecret } from "@/lib/auth/secret";
import { config } from "@/lib/config";
import { publicBaseUrl } from "@/lib/http/public-url";
import { isUrn } from "@/lib/ids";
import { checkRateLimit } from "@/lib/http/rate-limit";

/**
 * The passenger's link to their voucher: no sign-in, so the link itself is the credential. It names
 * one reservation and an expiry, signed with an HMAC under a key derived from AUTH_SECRET (a key of
 * its own, so no other signed value of the service can pass for a link). It reveals that one
 * voucher and nothing else, and stops working at its expiry.
 *
 * The expiry derives from the stay (check-out + PASSENGER_LINK_GRACE_DAYS, default 3), not from the
 * clock, so the email that carries the link renders the same bytes however often it is rendered.
 */
export const LINK_GRACE_DAYS = 3;

/** Days a link keeps working after the stay's check-out (PASSENGER_LINK_GRACE_DAYS, 0–3650; default 3). */
export function linkGraceDays(): number {
  return config.PASSENGER_LINK_GRACE_DAYS;
}

export function linkExpiry(checkOut: Date): number {
  return Math.floor(checkOut.getTime() / 1000) + linkGraceDays() * 86_400;
}

export function signPassengerToken(reservationUrn: string, expiresAtSeconds: number): string {
  const payload = Buffer.from(reservationUrn, "utf8").toString("base64url");
  return `${payload}.${expiresAtSeconds}.${signature(reservationUrn, expiresAtSeconds)}`;
}

export type LinkCheck = { ok: true; reservationUrn: string; expiresAt: number } | { ok: false; reason: "MALFORMED" | "BAD_SIGNATURE" | "EXPIRED" };

/** Checks a token; `now` in ms (a test's clock). The signature is compared in constant time. */
export function verifyPassengerToken(token: string, now = Date.now()): LinkCheck {
  const m = /^([A-Za-z0-9_-]{1,200})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m) return { ok: false, reason: "MALFORMED" };
  const reservationUrn = Buffer.from(m[1], "base64url").toString("utf8");
  const expiresAt = Number(m[2]);
  const expected = Buffer.from(signature(reservationUrn, expiresAt));
  const given = Buffer.from(m[3]);
  if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) return { ok: false, reason: "BAD_SIGNATURE" };
  // a signed payload that is no reservation URN (one holding a NUL would fail the look-up: a 500) names nothing
  if (!isUrn(reservationUrn, "reservation")) return { ok: false, reason: "MALFORMED" };
  if (expiresAt * 1000 <= now) return { ok: false, reason: "EXPIRED" };
  return { ok: true, reservationUrn, expiresAt };
}

/** The absolute URL of the passenger page, under PUBLIC_URL (default http://localhost:$PORT). */
export function passengerLink(token: string): string {
  return `${publicBaseUrl()}/v/${token}`;
}

function signature(reservationUrn: string, expiresAt: number): string {
  const key = crypto.createHmac("sha256", authSecret()).update("passenger-voucher-link/v1").digest();
  return crypto.createHmac("sha256", key).update(`${reservationUrn}\n${expiresAt}`).digest("base64url");
}

/**
 * Counts one request through a passenger link against the per-link rate limit (429 RATE_LIMITED
 * with Retry-After past it). The page, its API and the voucher at /v/{token}/voucher share the one
 * count, so the voucher is no way around a link's limit.
 */
export async function countPassengerLink(linkUrn: string): Promise<void> {
  // per link, not per address: a family behind one hotel wifi must not lock each other out
  await checkRateLimit(`passenger:${linkUrn}`);
}
