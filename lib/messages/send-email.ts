import type { MessageRow } from "@/db/schema";
import { isPermanentSmtpError, mailFrom, messageIdOf, transportFor } from "./smtp";
import { type SendOutcome, TransientDeliveryError } from "./send-outcome";

/**
 * One email over SMTP (nodemailer), outside any transaction, with the urn as Message-ID. A 5xx
 * reply is a permanent refusal; anything else is transient (the job retries it).
 */
export async function sendEmailMessage(url: string, row: MessageRow): Promise<SendOutcome> {
  try {
    const info = await transportFor(url).sendMail({
      from: mailFrom(),
      to: row.recipient,
      subject: row.subject,
      html: row.html,
      text: row.text,
      messageId: messageIdOf(row.urn),
      headers: { "X-Related-Urn": row.relatedUrn ?? "" },
    });
    return { sent: true, providerMessageId: info.messageId ?? messageIdOf(row.urn), receipt: { status: "accepted", at: new Date().toISOString(), detail: String(info.response ?? "").slice(0, 200) || undefined } };
  } catch (err) {
    const lastError = describeSmtp(err);
    if (isPermanentSmtpError(err)) return { sent: false, lastError };
    throw new TransientDeliveryError(lastError, { cause: err });
  }
}

/** An SMTP reply or a connection error, short, with no message content and no address (servers quote the recipient). */
export function describeSmtp(err: unknown): string {
  const e = err as { responseCode?: number; response?: string; code?: string; message?: string };
  const text = (e.response ?? e.message ?? String(err)).replace(/[^\s@"'<>(),;:]+@[^\s@"'<>(),;:]+/g, "<address>");
  return `${e.responseCode ?? e.code ?? "error"}: ${text}`.slice(0, 500);
}
