import { defineRoute } from "@/lib/api/route";
import { SmsStatusForm } from "@/lib/messages/sms-receipt";
import { SmsInboundForm } from "@/lib/messages/sms-reply";

const SIGNED =
  "No bearer token: the gateway signs the request with X-Twilio-Signature (HMAC-SHA1 keyed with SMS_KEY over the full URL, PUBLIC_URL and the path " +
  "with its query, followed by every form field sorted by name); a missing or wrong signature, or no SMS gateway configured, is 401 UNAUTHENTICATED.";

export const smsStatusRoute = defineRoute({
  method: "POST",
  path: "/sms/status",
  tag: "Messages",
  summary: "Receive an SMS delivery receipt",
  description: [
    "The SMS gateway's status callback (Twilio's StatusCallback), form-encoded: MessageSid, MessageStatus, ErrorCode. " + SIGNED,
    "Appends the receipt {status, at, code} to the message and moves it: `sent` QUEUED→SENT, `delivered` →DELIVERED (a voucher's SMS marks the voucher delivered), " +
      "`undelivered`/`failed` →FAILED with the error code named (21610: the number opted out). DELIVERED is never taken back. " +
      "The query's `message` names the message (the delivery job puts it in the URL it hands the gateway). An unknown message answers 200 and is ignored (the gateway would retry).",
  ].join("\n"),
  permission: "public",
  form: SmsStatusForm,
  responseContentType: "text/plain",
  errors: [401, 415],
});

export const smsInboundRoute = defineRoute({
  method: "POST",
  path: "/sms/inbound",
  tag: "Messages",
  summary: "Receive a passenger's SMS reply",
  description: [
    "A passenger texting back, form-encoded: From, To, Body. " + SIGNED,
    "STOP (STOPALL, UNSUBSCRIBE, CANCEL, END, QUIT, REVOKE, OPTOUT) opts the number out: no later message is sent to it (written FAILED `opted out (STOP)`); " +
      "START (UNSTOP, YES) opts it back in. Anything else is ignored. Answers an empty TwiML `<Response/>` (no automatic reply).",
  ].join("\n"),
  permission: "public",
  form: SmsInboundForm,
  responseContentType: "text/xml",
  errors: [401, 415],
});
