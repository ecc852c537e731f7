import crypto from "node:crypto";

/**
 * Every outbound POST (a page, a subscription's event) is signed the same way, as Stripe-style
 * webhooks are: `x-das-timestamp: <unix seconds>` and `x-das-signature: v1=<hex HMAC-SHA256 of
 * "<timestamp>.<raw body>">` under the channel's secret. The receiver recomputes it over the raw
 * bytes and refuses a timestamp too far from its clock (a replay).
 */
export const SIGNATURE_HEADER = "x-das-signature";
export const TIMESTAMP_HEADER = "x-das-timestamp";
export const DELIVERY_HEADER = "x-das-delivery";
export const EVENT_HEADER = "x-das-event";
/** how far a receiver should accept a timestamp from its own clock */
export const DEFAULT_TOLERANCE_SECONDS = 300;

export function signatureOf(secret: string, timestamp: number, body: string): string {
  return `v1=${crypto.createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex")}`;
}

export type VerifyResult = { ok: true } | { ok: false; reason: "MISSING" | "STALE" | "MISMATCH" };

/** What a receiver does (the sandbox receiver and the documentation use it): constant-time compare. */
export function verifySignature(
  secret: string,
  headers: { signature?: string | null; timestamp?: string | null },
  body: string,
  { nowSeconds = Math.floor(Date.now() / 1000), toleranceSeconds = DEFAULT_TOLERANCE_SECONDS } = {},
): VerifyResult {
  if (!headers.signature || !headers.timestamp || !/^\d{1,12}$/.test(headers.timestamp)) return { ok: false, reason: "MISSING" };
  const ts = Number(headers.timestamp);
  if (Math.abs(nowSeconds - ts) > toleranceSeconds) return { ok: false, reason: "STALE" };
  const expected = Buffer.from(signatureOf(secret, ts, body));
  const given = Buffer.from(headers.signature);
  if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) return { ok: false, reason: "MISMATCH" };
  return { ok: true };
}
