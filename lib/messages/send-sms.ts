import type { MessageRow } from "@/db/schema";
import { sendSms } from "@/lib/sms/client";
import { SmsAuthError, SmsOptedOut, SmsRejected, SmsUnavailable } from "@/lib/sms/errors";
import type { SmsEndpoint } from "@/lib/sms/settings";
import { publicBaseUrl } from "@/lib/http/public-url";
import { OPTED_OUT_ERROR } from "./opt-out";
import { type SendOutcome, TransientDeliveryError } from "./send-outcome";

/**
 * Where the gateway reports a message's status: our status route, naming the message, so a receipt
 * that overtakes the answer to the send (the gateway may post `sent` before we recorded its id)
 * still finds it. The query is part of the signed URL.
 */
export function statusCallbackUrl(messageUrn: string): string {
  return `${publicBaseUrl()}/api/v1/sms/status?message=${encodeURIComponent(messageUrn)}`;
}

/**
 * One SMS through the gateway (one try: the job's runner owns the retries), with the message urn
 * as Idempotency-Key, so a retry after a lost answer sends nothing twice. Opted out and other
 * refusals are permanent, named by the gateway's code; a timeout, 5xx or 429 throws (Retry-After kept).
 */
export async function sendSmsMessage(endpoint: SmsEndpoint, row: MessageRow): Promise<SendOutcome> {
  try {
    const m = await sendSms(endpoint, { to: row.recipient, body: row.text, statusCallback: statusCallbackUrl(row.urn), idempotencyKey: row.urn });
    return { sent: true, providerMessageId: m.sid, receipt: { status: m.status, at: new Date().toISOString() } };
  } catch (err) {
    if (err instanceof SmsOptedOut) return { sent: false, lastError: OPTED_OUT_ERROR, optedOut: true };
    if (err instanceof SmsRejected) return { sent: false, lastError: `refused (code ${err.code ?? err.status}): ${withoutNumbers(err.detail)}`.slice(0, 500) };
    if (err instanceof SmsAuthError) return { sent: false, lastError: `refused (${err.status}): the gateway refused the account or key (SMS_URL, SMS_KEY)` };
    if (err instanceof SmsUnavailable) {
      throw new TransientDeliveryError(`${err.status ?? "error"}: ${err.message}`, { cause: err, retryAfterMs: err.retryAfterSeconds == null ? null : err.retryAfterSeconds * 1000 });
    }
    throw err;
  }
}

/** A gateway's message may quote the number; the outbox keeps no number in an error. */
const withoutNumbers = (text: string) => text.replace(/\+?\d[\d\s-]{5,}\d/g, "<number>");
