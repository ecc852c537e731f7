import { relations } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { WAVE_STATUSES, WAVE_TRIGGERS, type WaveStatus, type WaveTrigger } from "@/lib/vocabulary";
import { reservations } from "./reservations";
import { cases } from "./cases";
import { lifecycle, oneOf } from "./columns";
import { demands } from "./demands";
import type { MoneyJson, WavePoliciesJson } from "./json";

/** One allocation run: every candidate with its scores and reasons, and the final assignments. */
export const allocationWaves = pgTable(
  "allocation_waves",
  {
    urn: text("urn").primaryKey(),
    tenant: text("tenant").notNull(),
    caseUrn: text("case_urn")
      .notNull()
      .references(() => cases.urn),
    demandUrn: text("demand_urn").references(() => demands.urn),
    status: text("status").$type<WaveStatus>().notNull(),
    trigger: text("trigger").$type<WaveTrigger>().notNull().default("DEMAND"),
    reason: text("reason"),
    // what makes a re-delivered trigger find the wave it already made (demand:<urn>, rerun:<event id>)
    idempotencyKey: text("idempotency_key"),
    airport: text("airport").notNull().default(""),
    nights: integer("nights").notNull().default(1),
    // per source: answered or failed, how fast, from the cache or not (lib/allocation parses it)
    sources: jsonb("sources").$type<unknown[]>().notNull().default([]),
    degraded: boolean("degraded").notNull().default(false),
    offersRaw: integer("offers_raw").notNull().default(0),
    offersDeduped: integer("offers_deduped").notNull().default(0),
    engineMs: integer("engine_ms").notNull().default(0),
    createdBy: text("created_by").notNull().default("system"),
    policies: jsonb("policies").$type<WavePoliciesJson>().notNull().default([]),
    // shapes owned by the allocation engine (lib/allocation), which parses them
    rankingInputs: jsonb("ranking_inputs").$type<unknown[]>().notNull().default([]),
    allocations: jsonb("allocations").$type<unknown[]>().notNull().default([]),
    held: jsonb("held").$type<unknown[]>().notNull().default([]),
    totalCost: jsonb("total_cost").$type<MoneyJson | null>(),
    savingsVsMarket: jsonb("savings_vs_market").$type<MoneyJson | null>(),
    ...lifecycle,
  },
  (t) => [
    // a case page shows its waves, newest last
    index("allocation_waves_case_idx").on(t.caseUrn, t.createdAt),
    // the waves of a demand (the foreign key's lookups and the demand's fulfilment)
    index("allocation_waves_demand_idx").on(t.demandUrn),
    oneOf("allocation_waves_status_check", t.status, WAVE_STATUSES),
    oneOf("allocation_waves_trigger_check", t.trigger, WAVE_TRIGGERS),
    // one wave per trigger: a re-delivered approval or rerun event never makes a second one
    uniqueIndex("allocation_waves_idempotency_idx").on(t.tenant, t.idempotencyKey),
  ],
);

export const allocationWavesRelations = relations(allocationWaves, ({ one, many }) => ({
  case: one(cases, { fields: [allocationWaves.caseUrn], references: [cases.urn] }),
  demand: one(demands, { fields: [allocationWaves.demandUrn], references: [demands.urn] }),
  reservations: many(reservations),
}));

export type AllocationWaveRow = typeof allocationWaves.$inferSelect;
