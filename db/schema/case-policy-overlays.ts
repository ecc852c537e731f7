import { index, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { cases } from "./cases";
import { ts } from "./columns";

/**
 * A relaxation of the policy constraints for one case only (spec 4.4 relax): allocation applies a
 * case's overlays, oldest first, on top of the constraints of the policies it matched; no other case
 * ever reads them. Rows are never updated: each relax adds one, so the history is the table.
 */
export const casePolicyOverlays = pgTable(
  "case_policy_overlays",
  {
    id: text("id").primaryKey(), // a UUIDv7: overlays are not addressed through the API
    tenant: text("tenant").notNull(),
    caseUrn: text("case_urn")
      .notNull()
      .references(() => cases.urn),
    // the review item whose relax action wrote it
    reviewUrn: text("review_urn"),
    // constraint name → new value, a partial PolicyConstraints (lib/records/review.ts RelaxFields parses it)
    fields: jsonb("fields").$type<Record<string, unknown>>().notNull(),
    reason: text("reason").notNull(),
    createdBy: text("created_by").notNull(),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  // allocation reads a case's overlays on every run
  (t) => [index("case_policy_overlays_case_idx").on(t.tenant, t.caseUrn, t.createdAt)],
);

export type CasePolicyOverlayRow = typeof casePolicyOverlays.$inferSelect;
