import { z } from "zod";

/** A message's status as the gateway reports it (Twilio's values, those we act on). */
export const SMS_STATUSES = ["accepted", "queued", "sending", "sent", "delivered", "undelivered", "failed"] as const;
export type SmsStatus = (typeof SMS_STATUSES)[number];

/** The gateway's message resource, the fields we read (Twilio answers many more). */
export const SmsMessageResource = z.object({
  sid: z.string().min(1),
  status: z.enum(SMS_STATUSES),
  to: z.string(),
  from: z.string().nullable().optional(),
  error_code: z.number().int().nullable().optional(),
  error_message: z.string().nullable().optional(),
});
export type SmsMessageResource = z.infer<typeof SmsMessageResource>;

/** Twilio's error body: `{ code, message, more_info, status }`. */
export const SmsErrorBody = z.object({ code: z.number().int().nullable().optional(), message: z.string().optional() });
