import { relations } from "drizzle-orm";
import { boolean, index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { DEMAND_STATUSES, DEMAND_TYPES, type DemandStatus, type DemandType } from "@/lib/vocabulary";
import { allocationWaves } from "./allocation";
import { cases } from "./cases";
import { lifecycle, oneOf, ts } from "./columns";

/** A decision record: a case with demands cannot be deleted until they are (ON DELETE NO ACTION). */
export const demands = pgTable(
  "demands",
  {
    urn: text("urn").primaryKey(),
    tenant: text("tenant").notNull(),
    caseUrn: text("case_urn")
      .notNull()
      .references(() => cases.urn),
    type: text("type").$type<DemandType>().notNull(),
    roomsRequested: integer("rooms_requested").notNull(),
    status: text("status").$type<DemandStatus>().notNull(),
    createdBy: text("created_by").notNull(),
    // the approval (or rejection) record: who, when, why, against which policy version
    decidedBy: text("decided_by"),
    decidedAt: ts("decided_at"),
    decisionReason: text("decision_reason"),
    automatic: boolean("automatic").notNull().default(false),
    policyUrn: text("policy_urn"),
    policyVersion: integer("policy_version"),
    // rooms allocated and booked are derived when read (lib/records/room-totals.ts, docs/booking.md), not stored
    ...lifecycle,
  },
  (t) => [
    // the case page and the summary read a case's demands
    index("demands_case_idx").on(t.caseUrn, t.createdAt),
    oneOf("demands_type_check", t.type, DEMAND_TYPES),
    oneOf("demands_status_check", t.status, DEMAND_STATUSES),
  ],
);

export const demandsRelations = relations(demands, ({ one, many }) => ({
  case: one(cases, { fields: [demands.caseUrn], references: [cases.urn] }),
  waves: many(allocationWaves),
}));

export type DemandRow = typeof demands.$inferSelect;
