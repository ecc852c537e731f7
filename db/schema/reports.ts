import { index, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { lifecycle, ts } from "./columns";

/**
 * A weekly operations report (lib/reports): figures computed once and kept, so a report reads the
 * same later whatever happens to the records it counted. One per tenant and week: the Monday cron
 * and an on-demand run for the same week write the same row (the latest computation wins).
 */
export const reports = pgTable(
  "reports",
  {
    urn: text("urn").primaryKey(),
    tenant: text("tenant").notNull(),
    periodStart: ts("period_start").notNull(),
    periodEnd: ts("period_end").notNull(),
    timeZone: text("time_zone").notNull(),
    // shape owned by lib/reports/schemas.ts (ReportBody), which parses it
    body: jsonb("body").$type<Record<string, unknown>>().notNull(),
    generatedBy: text("generated_by").notNull(),
    ...lifecycle,
  },
  (t) => [
    uniqueIndex("reports_tenant_period_idx").on(t.tenant, t.periodStart),
    index("reports_tenant_created_idx").on(t.tenant, t.createdAt),
  ],
);

export type ReportRow = typeof reports.$inferSelect;
