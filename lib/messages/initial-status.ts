import { smtpUrl } from "@/lib/notifications/smtp";
import { smsSettings } from "@/lib/sms/settings";
import type { CaseMode, MessageChannel } from "@/lib/vocabulary";

/**
 * The status a new message is written with: QUEUED when its channel has a server configured
 * (SMTP_URL for email, SMS_URL for SMS) and its case is live; KEPT otherwise, with no event (there
 * is nothing to deliver; a drill's message is never sent, even with a server). The writers of
 * lib/messages and the resend verb share this one rule.
 */
export function initialStatus(channel: MessageChannel, mode: CaseMode | null): "QUEUED" | "KEPT" {
  const server = channel === "SMS" ? smsSettings() !== null : smtpUrl() !== null;
  return server && (mode ?? "LIVE") === "LIVE" ? "QUEUED" : "KEPT";
}
