import { boolean, jsonb, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import type { CaseMode, VehicleType } from "@/lib/vocabulary";
import { lifecycle } from "./columns";

/** What the fleet answered when asked for more vehicles of a type for a night (lib/peers/fleet-shortfall/ask-capacity.ts). */
export type CapacityAskJson = {
  vehicleType: VehicleType;
  /** vehicles asked: one per ride of the type still without one when the first refusal came */
  asked: number;
  /** vehicles the fleet added; null while the request is out */
  granted: number | null;
  from: string;
  until: string;
  at: string;
  /** the fleet's words, or why it was not asked (no capacity API, unreachable) */
  message: string | null;
};

/**
 * A fleet shortfall: an airport's night (lib/cases/stay.ts nightUnderWay of the cases' departures)
 * whose rides the fleet refused, one row per tenant, airport, night and case mode (a drill's rides
 * are refused by the drills' fleet and never mix with live ones). It holds what the review item
 * cannot: which cases' rides it covers, the one TRANSPORT_UNASSIGNED item open for it, and the
 * capacity the fleet was asked for, once per vehicle type. The figures (rides without a vehicle,
 * seats, taxis) are read live from the segments and ride vouchers of its cases.
 */
export const fleetShortfalls = pgTable(
  "fleet_shortfalls",
  {
    tenant: text("tenant").notNull(),
    airport: text("airport").notNull(),
    // YYYY-MM-DD, the airport's local date of the night under way
    night: text("night").notNull(),
    mode: text("mode").$type<CaseMode>().notNull(),
    // the cases whose rides were refused, first one first (the review item belongs to it)
    caseUrns: jsonb("case_urns").$type<string[]>().notNull().default([]),
    // the TRANSPORT_UNASSIGNED item kept up to date; a new one opens only when this one is resolved
    reviewItemUrn: text("review_item_urn"),
    capacityAsks: jsonb("capacity_asks").$type<CapacityAskJson[]>().notNull().default([]),
    // a refusal came from no fleet at all (none configured): every ride still PLANNED is short
    withoutFleet: boolean("without_fleet").notNull().default(false),
    ...lifecycle,
  },
  (t) => [
    // one shortfall per airport and night: concurrent refusals of two cases meet on this row
    primaryKey({ name: "fleet_shortfalls_pk", columns: [t.tenant, t.airport, t.night, t.mode] }),
  ],
);

export type FleetShortfallRow = typeof fleetShortfalls.$inferSelect;
