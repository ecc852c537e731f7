import type { MessageReceiptJson } from "@/db/schema";

// Provider codes an operator meets, in words: Twilio's error codes for SMS, SMTP reply codes for mail.
const SMS_CODES: Record<string, string> = {
  "21610": "opted out (STOP)",
  "21211": "not a valid phone number",
  "21614": "not a mobile number",
  "30003": "undeliverable",
  "30004": "blocked by the recipient",
  "30005": "unknown number",
  "30006": "landline or unreachable carrier",
  "30007": "filtered by the carrier",
  "30008": "undeliverable (unknown error)",
};
const SMTP_CODES: Record<string, string> = {
  "550": "mailbox unavailable",
  "551": "user not local",
  "552": "mailbox full",
  "553": "address rejected",
  "554": "rejected by the mail server",
  "421": "mail server unavailable",
  "450": "mailbox busy",
};

/**
 * Why a message did not arrive, named in words with the provider's code: "opted out (STOP)",
 * "undeliverable (30003)", "mailbox unavailable (550)". Read from the last receipt that carries a
 * code, else from the last error's leading SMTP code; null when the message has not failed.
 */
export function failureInWords(m: { channel: string; status: string; lastError: string | null; receipts: MessageReceiptJson[] }): string | null {
  if (m.status !== "FAILED" && !m.lastError) return null;
  const coded = [...m.receipts].reverse().find((r) => r.code);
  const code = coded?.code ?? /\b([45]\d\d)\b/.exec(m.lastError ?? "")?.[1] ?? /\b(2\d{4}|3\d{4})\b/.exec(m.lastError ?? "")?.[1];
  const words = code ? (m.channel === "SMS" ? SMS_CODES : SMTP_CODES)[code] : undefined;
  if (words) return code === "21610" ? words : `${words} (${code})`;
  if (code && coded?.detail) return `${coded.detail} (${code})`;
  return m.lastError ?? (m.status === "FAILED" ? "not delivered" : null);
}
