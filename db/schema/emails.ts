import { index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { EMAIL_KINDS, EMAIL_STATUSES, type EmailKind, type EmailStatus } from "@/lib/vocabulary";
import { lifecycle, oneOf, ts } from "./columns";

/** Outgoing mail, written in the transaction that causes it and delivered by a job. */
export const emailOutbox = pgTable(
  "email_outbox",
  {
    urn: text("urn").primaryKey(),
    tenant: text("tenant").notNull(),
    kind: text("kind").$type<EmailKind>().notNull(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    html: text("html").notNull(),
    text: text("text").notNull(),
    relatedUrn: text("related_urn"),
    status: text("status").$type<EmailStatus>().notNull().default("QUEUED"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    sendAfter: ts("send_after"),
    sentAt: ts("sent_at"),
    ...lifecycle,
  },
  (t) => [
    // the delivery job and its sweep pick queued mail in order
    index("email_outbox_status_idx").on(t.status, t.createdAt),
    // at most one message per recipient, kind and record: enqueueing twice writes nothing new
    uniqueIndex("email_outbox_once_idx").on(t.tenant, t.kind, t.relatedUrn, t.to),
    // the Outbox page lists a tenant's mail, newest first
    index("email_outbox_tenant_idx").on(t.tenant, t.createdAt),
    oneOf("email_outbox_kind_check", t.kind, EMAIL_KINDS),
    oneOf("email_outbox_status_check", t.status, EMAIL_STATUSES),
  ],
);

export type EmailRow = typeof emailOutbox.$inferSelect;
