import { index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { lifecycle, ts } from "./columns";

/** Outgoing mail, written in the transaction that causes it and delivered by a job. */
export const emailOutbox = pgTable(
  "email_outbox",
  {
    urn: text("urn").primaryKey(),
    tenant: text("tenant").notNull(),
    kind: text("kind").notNull(), // voucher | cancellation | return-leg | weekly-report
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    html: text("html").notNull(),
    text: text("text").notNull(),
    relatedUrn: text("related_urn"),
    status: text("status").notNull().default("QUEUED"), // QUEUED | SENT | FAILED
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    sendAfter: ts("send_after"),
    sentAt: ts("sent_at"),
    ...lifecycle,
  },
  (t) => [
    // the delivery job picks queued mail in order
    index("email_outbox_status_idx").on(t.status, t.createdAt),
  ],
);

export type EmailRow = typeof emailOutbox.$inferSelect;
