import { relations } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { CASE_MODES, CASE_STATUSES, type CaseMode, type CaseStatus } from "@/lib/vocabulary";
import { allocationWaves } from "./allocation";
import { reservations } from "./reservations";
import { transportSegments } from "./transport-segments";
import { lifecycle, oneOf, ts } from "./columns";
import { demands } from "./demands";
import type { DisruptionJson, FlightJson, NextFlightJson } from "./json";
import { passengerGroups, passengers } from "./passengers";
import { reviewItems } from "./review";
import { tenants } from "./tenants";

export type { FlightJson, NextFlightJson } from "./json";

export const cases = pgTable(
  "cases",
  {
    urn: text("urn").primaryKey(),
    // nothing deletes a tenant that still has cases
    tenant: text("tenant")
      .notNull()
      .references(() => tenants.code),
    externalEventId: text("external_event_id").notNull(),
    mode: text("mode").$type<CaseMode>().notNull().default("LIVE"),
    airport: text("airport").notNull(), // flight.origin: the airport that owns the case
    airline: text("airline").notNull(), // designator that starts flight.number
    flight: jsonb("flight").$type<FlightJson>().notNull(),
    nextFlight: jsonb("next_flight").$type<NextFlightJson | null>(),
    // what happened and whose doing (lib/care/types.ts Disruption); null: CANCELLATION / UNKNOWN
    disruption: jsonb("disruption").$type<DisruptionJson | null>(),
    status: text("status").$type<CaseStatus>().notNull(),
    createdBy: text("created_by").notNull(),
    // the creator's name as their session or token gave it: a token minted outside the console
    // (npm run token --name, an identity provider's) names a subject no users row holds
    createdByName: text("created_by_name"),
    closedAt: ts("closed_at"),
    closeReason: text("close_reason"),
    // bumped by every change so list pages and pollers can tell what moved
    revision: integer("revision").notNull().default(1),
    ...lifecycle,
  },
  (t) => [
    // POST /cases idempotency: one case per (tenant, externalEventId), also under concurrent requests
    uniqueIndex("cases_tenant_event_idx").on(t.tenant, t.externalEventId),
    // GET /cases lists newest first, filtered by status or airport
    index("cases_tenant_created_idx").on(t.tenant, t.createdAt, t.urn),
    index("cases_tenant_airport_status_idx").on(t.tenant, t.airport, t.status),
    oneOf("cases_status_check", t.status, CASE_STATUSES),
    oneOf("cases_mode_check", t.mode, CASE_MODES),
  ],
);

export const casesRelations = relations(cases, ({ one, many }) => ({
  owner: one(tenants, { fields: [cases.tenant], references: [tenants.code] }),
  passengerGroups: many(passengerGroups),
  passengers: many(passengers),
  demands: many(demands),
  waves: many(allocationWaves),
  reservations: many(reservations),
  reviewItems: many(reviewItems),
  transportSegments: many(transportSegments),
}));

export type CaseRow = typeof cases.$inferSelect;
