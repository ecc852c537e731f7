import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { MESSAGE_CHANNELS, MESSAGE_KINDS, MESSAGE_STATUSES, type MessageChannel, type MessageKind, type MessageStatus } from "@/lib/vocabulary";
import { lifecycle, oneOf, ts } from "./columns";

/** A delivery receipt as the provider reported it (SMS status callback, SMTP acceptance). */
export type MessageReceiptJson = { status: string; at: string; code?: string; detail?: string };

/**
 * The one outbox of every outbound message, email or SMS. Rows are written by subscribers to domain
 * events after the change committed (lib/messages), delivered by one job per message, and kept as
 * the record of what each passenger was told, on which channel, and whether it arrived.
 */
export const messages = pgTable(
  "messages",
  {
    urn: text("urn").primaryKey(),
    tenant: text("tenant").notNull(),
    channel: text("channel").$type<MessageChannel>().notNull().default("EMAIL"),
    kind: text("kind").$type<MessageKind>().notNull(),
    recipient: text("recipient").notNull(),
    /** the case the message is about (null: a tenant-wide message such as a report) */
    caseUrn: text("case_urn"),
    /** the record it describes: a reservation, or `<reservationUrn>#return-leg:…` */
    relatedUrn: text("related_urn"),
    /** the version of what it describes: a changed stay is a new version, hence a new message */
    version: integer("version").notNull().default(1),
    /** 0 for the original; an operator's resend is 1, 2, … (with its reason) */
    resend: integer("resend").notNull().default(0),
    resendReason: text("resend_reason"),
    locale: text("locale").notNull().default("en"),
    template: text("template").notNull().default(""),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull().default({}),
    /** email only; an SMS has no subject */
    subject: text("subject").notNull().default(""),
    html: text("html").notNull().default(""),
    text: text("text").notNull(),
    /** the passenger page link the message carried, if any */
    passengerLink: text("passenger_link"),
    status: text("status").$type<MessageStatus>().notNull().default("QUEUED"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    providerMessageId: text("provider_message_id"),
    receipts: jsonb("receipts").$type<MessageReceiptJson[]>().notNull().default([]),
    sendAfter: ts("send_after"),
    sentAt: ts("sent_at"),
    deliveredAt: ts("delivered_at"),
    ...lifecycle,
  },
  (t) => [
    // the delivery job and its sweep pick queued messages in order
    index("messages_status_idx").on(t.status, t.createdAt),
    // at most one message per channel, recipient, kind and version of what it describes (and resend)
    uniqueIndex("messages_once_idx").on(t.tenant, t.channel, t.kind, t.relatedUrn, t.version, t.recipient, t.resend),
    // a stay's messages (lib/messages/voucher.ts follow-up, lib/rides/issue.ts): whether its voucher left, and how
    index("messages_related_idx").on(t.relatedUrn),
    // the Outbox page lists a tenant's messages, newest first
    index("messages_tenant_idx").on(t.tenant, t.createdAt),
    // a case's messages (case page, GET /cases/{caseUrn}/messages, progress, board)
    index("messages_case_idx").on(t.caseUrn, t.createdAt),
    // a passenger's messages by their normalised address or number (reach on the board and in progress)
    index("messages_case_recipient_idx").on(t.caseUrn, t.recipient),
    // a status callback finds its message by the provider's id
    index("messages_provider_id_idx").on(t.providerMessageId).where(sql`${t.providerMessageId} IS NOT NULL`),
    oneOf("messages_channel_check", t.channel, MESSAGE_CHANNELS),
    oneOf("messages_kind_check", t.kind, MESSAGE_KINDS),
    oneOf("messages_status_check", t.status, MESSAGE_STATUSES),
  ],
);

export type MessageRow = typeof messages.$inferSelect;

/** Numbers that replied STOP (or were reported opted out by the SMS provider): they get nothing more until START. */
export const smsOptOuts = pgTable("sms_opt_outs", {
  tenant: text("tenant").notNull(),
  phone: text("phone").notNull(),
  optedOutAt: ts("opted_out_at").notNull().defaultNow(),
}, (t) => [uniqueIndex("sms_opt_outs_phone_idx").on(t.tenant, t.phone)]);
