import crypto from "node:crypto";

/**
 * Twilio's X-Twilio-Signature: base64 of HMAC-SHA1, keyed with the account's auth token, over the
 * full URL the callback was POSTed to followed by every form parameter, sorted by name, as name
 * then value with nothing between. The sandbox signs its callbacks this way, so a receiver written
 * against it verifies Twilio's too.
 */
export function smsSignature(authToken: string, url: string, params: Record<string, string>): string {
  const data = url + Object.keys(params).sort().map((k) => k + params[k]).join("");
  return crypto.createHmac("sha1", authToken).update(data, "utf8").digest("base64");
}

/** Whether a callback's X-Twilio-Signature is the gateway's, compared in constant time. */
export function verifySmsSignature(authToken: string, url: string, params: Record<string, string>, signature: string | null | undefined): boolean {
  if (!signature) return false;
  const expected = Buffer.from(smsSignature(authToken, url, params));
  const given = Buffer.from(signature);
  return expected.length === given.length && crypto.timingSafeEqual(expected, given);
}
