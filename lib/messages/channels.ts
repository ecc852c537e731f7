import type { MessageChannel } from "@/lib/vocabulary";
import { rawVar } from "@/lib/config";
import { smsSettings, type SmsEndpoint } from "@/lib/sms/settings";
import { log } from "@/lib/log";
import { smtpUrl } from "./smtp";

/**
 * The SMS gateway, or null: no SMS_URL, or `SMS_URL=sandbox` in a process the supervisor did not
 * hand the sandbox's URL to, or a URL that is not a Twilio account URL (logged once per value).
 */
export function smsEndpoint(): SmsEndpoint | null {
  const url = rawVar("SMS_URL");
  if (!url || url === "sandbox") return null;
  try {
    return smsSettings();
  } catch (err) {
    if (warned !== url) log("error", "SMS_URL is unusable: no SMS is sent", { error: err instanceof Error ? err.message : String(err) });
    warned = url;
    return null;
  }
}
let warned: string | null = null;

/** The words for a channel with no server: the outbox's last_error of a KEPT message, the case page's note. */
export const NO_SERVER_WORDS: Record<MessageChannel, string> = { EMAIL: "no mail server configured: set SMTP_URL", SMS: "no SMS provider configured: set SMS_URL" };

/**
 * Why a channel's messages are KEPT rather than sent, or null when it has a server. The one "is it
 * configured" question: it never throws (`SMS_URL=sandbox` not yet resolved, a malformed URL: not configured).
 */
export function noServerReason(channel: MessageChannel): string | null {
  const configured = channel === "SMS" ? smsEndpoint() !== null : Boolean(smtpUrl());
  return configured ? null : NO_SERVER_WORDS[channel];
}
