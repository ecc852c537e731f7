import { jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import type { CareKind } from "@/lib/vocabulary";
import { cases } from "./cases";
import { lifecycle } from "./columns";

/**
 * A supervisor's decision that a group is owed care no regime owes it (a hotel and its transfers
 * for passengers the rules leave without one). One per case and group: the assessment reads it as
 * the SUPERVISOR regime's basis, so it survives every re-assessment of the case.
 */
export const careOverrides = pgTable(
  "care_overrides",
  {
    tenant: text("tenant").notNull(),
    caseUrn: text("case_urn")
      .notNull()
      .references(() => cases.urn, { onDelete: "cascade" }),
    groupId: text("group_id").notNull(),
    kinds: jsonb("kinds").$type<CareKind[]>().notNull(),
    reason: text("reason").notNull(),
    createdBy: text("created_by").notNull(),
    ...lifecycle,
  },
  (t) => [uniqueIndex("care_overrides_case_group_idx").on(t.caseUrn, t.groupId)],
);

export type CareOverrideRow = typeof careOverrides.$inferSelect;
