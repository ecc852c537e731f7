import crypto from "node:crypto";

/**
 * The signature our callback peers (the meal-voucher issuer's X-Meal-Signature, the ride provider's
 * X-Ride-Signature) put on a request: hex HMAC-SHA256 of the raw body with the shared secret.
 */
export function hmacHex(secret: string, body: string): string {
  return crypto.createHmac("sha256", secret).update(body, "utf8").digest("hex");
}

/** Whether a callback carries the peer's signature, compared in constant time; never with an empty secret. */
export function verifyHmacHex(secret: string, body: string, signature: string | null | undefined): boolean {
  if (!secret || !signature) return false;
  const expected = Buffer.from(hmacHex(secret, body));
  const given = Buffer.from(signature.trim().toLowerCase());
  return expected.length === given.length && crypto.timingSafeEqual(expected, given);
}
