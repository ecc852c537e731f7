import { config } from "@/lib/config";
import { sandboxKey } from "@/lib/kept-secret";

export type SmsEndpoint = {
  /** the account's base URL, …/2010-04-01/Accounts/{AccountSid}; messages are POSTed to …/Messages.json */
  accountUrl: string;
  accountSid: string;
  /** the auth token: Basic auth's password and the key status callbacks are signed with */
  authToken: string;
  from: string;
  timeoutMs: number;
};

/**
 * SMS_URL (the account's base URL, Twilio's https://api.twilio.com/2010-04-01/Accounts/AC…), SMS_KEY
 * (its auth token), SMS_FROM (the sender number or name), SMS_TIMEOUT_MS. The account SID is read
 * from the URL, so one variable names both where and as whom. Null when SMS_URL is unset: no SMS.
 */
export function smsSettings(): SmsEndpoint | null {
  const url = config.SMS_URL;
  if (!url) return null;
  return endpointFor(url, { authToken: config.SMS_KEY ?? "", from: config.SMS_FROM ?? "", timeoutMs: config.SMS_TIMEOUT_MS });
}

/** The endpoint for an account URL; throws when the URL does not end in /Accounts/{sid}. */
export function endpointFor(accountUrl: string, rest: Omit<SmsEndpoint, "accountUrl" | "accountSid">): SmsEndpoint {
  const trimmed = accountUrl.replace(/\/+$/, "");
  const sid = /\/Accounts\/([^/]+)$/.exec(new URL(trimmed).pathname)?.[1];
  if (!sid) throw new Error("SMS_URL must end in /Accounts/{AccountSid} (e.g. https://api.twilio.com/2010-04-01/Accounts/AC…)");
  return { accountUrl: trimmed, accountSid: decodeURIComponent(sid), ...rest };
}

/** The account the sandbox accepts by default. */
export const SANDBOX_SMS_ACCOUNT = "ACsandbox";
/**
 * The sandbox's auth token, which signs its STOP/START replies and receipts: generated per
 * installation and kept under DATA_DIR (a constant in the source let anyone sign a STOP).
 */
export const sandboxSmsKey = (): string => sandboxKey("sandbox-sms-key");
