import { index, integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { lifecycle, ts } from "./columns";

export const reviewItems = pgTable(
  "review_items",
  {
    urn: text("urn").primaryKey(),
    tenant: text("tenant").notNull(),
    caseUrn: text("case_urn").notNull(),
    // the case's airport, copied at creation so the queue filters and scopes without a join
    airport: text("airport"),
    waveUrn: text("wave_urn"),
    reservationUrns: jsonb("reservation_urns").$type<string[]>().notNull().default([]),
    category: text("category").notNull(),
    priority: text("priority").notNull(),
    state: text("state").notNull(), // OPEN | CLAIMED | RESOLVED
    detail: text("detail"),
    assignedTo: text("assigned_to"),
    attemptedHotels: jsonb("attempted_hotels").$type<unknown[]>().notNull().default([]),
    affectedGroups: jsonb("affected_groups").$type<string[]>().notNull().default([]),
    recommendations: jsonb("recommendations").$type<unknown[]>().notNull().default([]),
    resolution: text("resolution"),
    resolvedBy: text("resolved_by"),
    resolvedAt: ts("resolved_at"),
    slaDueAt: ts("sla_due_at"),
    escalations: integer("escalations").notNull().default(0),
    ...lifecycle,
  },
  (t) => [
    // the review queue: open items by priority, oldest first
    index("review_items_queue_idx").on(t.tenant, t.state, t.priority, t.createdAt),
    // a case read lists its items
    index("review_items_case_idx").on(t.caseUrn),
  ],
);

export type ReviewItemRow = typeof reviewItems.$inferSelect;
