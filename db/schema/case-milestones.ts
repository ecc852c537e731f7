import { relations } from "drizzle-orm";
import { pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { CASE_MILESTONES, type CaseMilestone } from "@/lib/vocabulary";
import { cases } from "./cases";
import { oneOf, ts } from "./columns";

/** When a case reached each milestone, once: timings for reports and the console's progress. */
export const caseMilestones = pgTable(
  "case_milestones",
  {
    caseUrn: text("case_urn")
      .notNull()
      .references(() => cases.urn, { onDelete: "cascade" }),
    tenant: text("tenant").notNull(),
    milestone: text("milestone").$type<CaseMilestone>().notNull(),
    at: ts("at").notNull(),
    // who recorded it: the job and the event that led there
    recordedBy: text("recorded_by").notNull(),
  },
  (t) => [primaryKey({ columns: [t.caseUrn, t.milestone] }), oneOf("case_milestones_milestone_check", t.milestone, CASE_MILESTONES)],
);

export const caseMilestonesRelations = relations(caseMilestones, ({ one }) => ({
  case: one(cases, { fields: [caseMilestones.caseUrn], references: [cases.urn] }),
}));

export type CaseMilestoneRow = typeof caseMilestones.$inferSelect;
