import { relations } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import {
  REVIEW_CATEGORIES,
  REVIEW_PRIORITIES,
  REVIEW_STATES,
  type ReviewCategory,
  type ReviewPriority,
  type ReviewState,
} from "@/lib/vocabulary";
import { cases } from "./cases";
import { lifecycle, oneOf, ts } from "./columns";

export const reviewItems = pgTable(
  "review_items",
  {
    urn: text("urn").primaryKey(),
    tenant: text("tenant").notNull(),
    caseUrn: text("case_urn")
      .notNull()
      .references(() => cases.urn),
    // the case's airport, copied at creation so the queue filters and scopes without a join
    airport: text("airport"),
    waveUrn: text("wave_urn"),
    reservationUrns: jsonb("reservation_urns").$type<string[]>().notNull().default([]),
    category: text("category").$type<ReviewCategory>().notNull(),
    priority: text("priority").$type<ReviewPriority>().notNull(),
    state: text("state").$type<ReviewState>().notNull(),
    detail: text("detail"),
    assignedTo: text("assigned_to"),
    // shapes owned by lib/records/review.ts (AttemptedHotel, Recommendation), which parses them
    attemptedHotels: jsonb("attempted_hotels").$type<unknown[]>().notNull().default([]),
    affectedGroups: jsonb("affected_groups").$type<string[]>().notNull().default([]),
    recommendations: jsonb("recommendations").$type<unknown[]>().notNull().default([]),
    resolution: text("resolution"),
    resolvedBy: text("resolved_by"),
    resolvedAt: ts("resolved_at"),
    slaDueAt: ts("sla_due_at"),
    escalations: integer("escalations").notNull().default(0),
    // SLA breaches (lib/sla): a HIGH item that breaches again is overdue; escalatedAt is the last breach
    overdue: boolean("overdue").notNull().default(false),
    escalatedAt: ts("escalated_at"),
    // the recommendation a review action took (lib/review/accept.ts, shape AcceptedRecommendation), null when none
    acceptedRecommendation: jsonb("accepted_recommendation").$type<Record<string, unknown>>(),
    ...lifecycle,
  },
  (t) => [
    // the review queue: open items by priority, oldest first
    index("review_items_queue_idx").on(t.tenant, t.state, t.priority, t.createdAt),
    // a case read lists its items
    index("review_items_case_idx").on(t.caseUrn),
    oneOf("review_items_category_check", t.category, REVIEW_CATEGORIES),
    oneOf("review_items_priority_check", t.priority, REVIEW_PRIORITIES),
    oneOf("review_items_state_check", t.state, REVIEW_STATES),
  ],
);

export const reviewItemsRelations = relations(reviewItems, ({ one }) => ({
  case: one(cases, { fields: [reviewItems.caseUrn], references: [cases.urn] }),
}));

export type ReviewItemRow = typeof reviewItems.$inferSelect;
