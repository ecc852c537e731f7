import { z } from "zod";
import { urnKind } from "@/lib/ids";
import { pageQuery, Reason, Text } from "@/lib/primitives";
import { MessageChannel, MessageKind, MessageStatus } from "@/lib/vocabulary";

/** A message URN: voucher mail was `urn:svc:email:…` before SMS existed, so any svc kind naming a message is accepted. */
export const MessageUrn = Text.trim().refine((v) => urnKind(v) !== null, "must be a message URN (urn:svc:<kind>:<uuid>)");

export const MessageReceipt = z.object({
  status: z.string().meta({ description: "as the provider reported it (SMS: queued, sent, delivered, undelivered, failed; mail: accepted)" }),
  at: z.string().meta({ description: "when the provider reported it (UTC)" }),
  code: z.string().optional().meta({ description: "the provider's error code (Twilio's 30003, SMTP 550)" }),
  detail: z.string().optional(),
});

export const CaseMessage = z
  .object({
    urn: z.string(),
    caseUrn: z.string().nullable(),
    channel: MessageChannel,
    kind: MessageKind,
    status: MessageStatus.meta({ description: "QUEUED, SENT (accepted by the mail server or SMS gateway), DELIVERED (the handset's receipt), FAILED, KEPT (no server configured for the channel, or a drill's)" }),
    recipient: z.string().meta({ description: "masked (a…e@example.com, +33 •• •• •• 12) unless the caller is ADMIN" }),
    locale: z.string(),
    attempts: z.number().int(),
    receipts: z.array(MessageReceipt),
    failure: z.string().nullable().meta({ description: "why it did not arrive, in words with the provider's code: \"opted out (STOP)\", \"undeliverable (30003)\", \"mailbox unavailable (550)\"" }),
    lastError: z.string().nullable(),
    reservationUrn: z.string().nullable().meta({ description: "the reservation it is about" }),
    passengerLink: z.string().nullable().meta({ description: "the passenger page link it carried; null unless the caller is ADMIN (the link acts as the passenger)" }),
    version: z.number().int().meta({ description: "the version of the stay it describes" }),
    resend: z.number().int().meta({ description: "0 for the original; 1, 2, … for an operator's resends" }),
    resendReason: z.string().nullable(),
    createdAt: z.iso.datetime(),
    sentAt: z.iso.datetime().nullable(),
    deliveredAt: z.iso.datetime().nullable(),
  })
  .meta({ id: "CaseMessage", description: "One message of a case, email or SMS" });
export type CaseMessage = z.infer<typeof CaseMessage>;

export const CaseMessagesQuery = z.object({
  channel: MessageChannel.optional(),
  status: MessageStatus.optional(),
  kind: MessageKind.optional(),
  ...pageQuery,
});
export type CaseMessagesQuery = z.input<typeof CaseMessagesQuery>;

export const ResendMessageBody = z.object({ reason: Reason });
export const ResendMessageInput = z.object({ messageUrn: MessageUrn, reason: Reason });
export type ResendMessageInput = z.input<typeof ResendMessageInput>;
