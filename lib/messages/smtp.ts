import nodemailer, { type Transporter } from "nodemailer";
import { config } from "@/lib/config";

/**
 * SMTP through nodemailer when SMTP_URL is set (smtp://user:pass@host:587, smtps://… for TLS);
 * MAIL_FROM names the sender. Without SMTP_URL mail stays in the outbox (status KEPT).
 */
export function smtpUrl(): string | null {
  return config.SMTP_URL ?? null;
}

export function mailFrom(): string {
  return config.MAIL_FROM;
}

const transports = new Map<string, Transporter>();

/**
 * One pooled transport per URL, reused across deliveries: up to 8 SMTP connections kept open and
 * reused for 100 messages each (nodemailer's pool), where a meltdown's 3,000 vouchers otherwise
 * paid a TCP and SMTP handshake each. A URL that says `pool=false` (or sets the pool's sizes) wins.
 */
export function transportFor(url: string): Transporter {
  let t = transports.get(url);
  if (!t) {
    t = nodemailer.createTransport(pooled(url), { from: mailFrom() });
    transports.set(url, t);
  }
  return t;
}

/** The URL with nodemailer's pool options added as query parameters, unless it names them itself. */
export function pooled(url: string): string {
  const u = new URL(url);
  for (const [k, v] of [["pool", "true"], ["maxConnections", "8"], ["maxMessages", "100"]]) if (!u.searchParams.has(k)) u.searchParams.set(k, v);
  return u.toString();
}

/** A 5xx SMTP reply (mailbox unknown, message refused) will not succeed on a retry; anything else may. */
export function isPermanentSmtpError(err: unknown): boolean {
  const e = err as { responseCode?: number; code?: string };
  if (typeof e.responseCode === "number") return e.responseCode >= 500;
  return e.code === "EENVELOPE" || e.code === "EMESSAGE";
}

/** The urn as the Message-ID: a message sent twice (a crash between sending and recording it) can be recognised by the receiver. */
export function messageIdOf(messageUrn: string): string {
  const domain = /@([^>\s]+)>?$/.exec(mailFrom())?.[1] ?? "localhost";
  return `<${messageUrn.replace(/^urn:svc:email:/, "email.")}@${domain}>`;
}
