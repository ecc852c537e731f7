import { boolean, index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { lifecycle, ts } from "./columns";

export const demands = pgTable(
  "demands",
  {
    urn: text("urn").primaryKey(),
    tenant: text("tenant").notNull(),
    caseUrn: text("case_urn").notNull(),
    type: text("type").notNull(), // INITIAL | INCREMENTAL
    roomsRequested: integer("rooms_requested").notNull(),
    status: text("status").notNull(),
    createdBy: text("created_by").notNull(),
    // the approval (or rejection) record: who, when, why, against which policy version
    decidedBy: text("decided_by"),
    decidedAt: ts("decided_at"),
    decisionReason: text("decision_reason"),
    automatic: boolean("automatic").notNull().default(false),
    policyUrn: text("policy_urn"),
    policyVersion: integer("policy_version"),
    roomsAllocated: integer("rooms_allocated").notNull().default(0),
    roomsBooked: integer("rooms_booked").notNull().default(0),
    ...lifecycle,
  },
  (t) => [
    // the case page and the summary read a case's demands
    index("demands_case_idx").on(t.caseUrn, t.createdAt),
  ],
);

export type DemandRow = typeof demands.$inferSelect;
