import crypto from "node:crypto";
import { authSecret } from "@/lib/auth/secret";

/**
 * Signing secrets (the alerting channel's, a webhook subscription's) must be usable to sign, so
 * they are stored, but sealed: AES-256-GCM under a key derived from AUTH_SECRET for this purpose
 * only. A database dump alone does not reveal them, and no read path returns them.
 */
const PREFIX = "v1";

function key(): Buffer {
  return Buffer.from(crypto.hkdfSync("sha256", authSecret(), "das-signing-secrets", "webhook-secret", 32));
}

export function sealSecret(plain: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv("aes-256-gcm", key(), iv);
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return [PREFIX, iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), body.toString("base64url")].join(".");
}

export function openSecret(sealed: string): string {
  const [prefix, iv, tag, body] = sealed.split(".");
  if (prefix !== PREFIX || !iv || !tag || body === undefined) throw new Error("a sealed secret has an unknown format");
  const decipher = crypto.createDecipheriv("aes-256-gcm", key(), Buffer.from(iv, "base64url"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
}

/** A fresh secret for a subscription that did not bring its own. */
export function generateSecret(): string {
  return `whsec_${crypto.randomBytes(24).toString("base64url")}`;
}
