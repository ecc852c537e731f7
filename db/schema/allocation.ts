import { index, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { lifecycle } from "./columns";

/** One allocation run: every candidate with its scores and reasons, and the final assignments. */
export const allocationWaves = pgTable(
  "allocation_waves",
  {
    urn: text("urn").primaryKey(),
    tenant: text("tenant").notNull(),
    caseUrn: text("case_urn").notNull(),
    demandUrn: text("demand_urn"),
    status: text("status").notNull(),
    policies: jsonb("policies").$type<Array<{ tier: string; policyUrn: string; version: number }>>().notNull().default([]),
    rankingInputs: jsonb("ranking_inputs").$type<unknown[]>().notNull().default([]),
    allocations: jsonb("allocations").$type<unknown[]>().notNull().default([]),
    held: jsonb("held").$type<unknown[]>().notNull().default([]),
    totalCost: jsonb("total_cost").$type<{ amount: number; currency: string } | null>(),
    savingsVsMarket: jsonb("savings_vs_market").$type<{ amount: number; currency: string } | null>(),
    ...lifecycle,
  },
  (t) => [
    // a case page shows its waves, newest last
    index("allocation_waves_case_idx").on(t.caseUrn, t.createdAt),
  ],
);

export type AllocationWaveRow = typeof allocationWaves.$inferSelect;
