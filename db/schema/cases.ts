import { index, integer, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { lifecycle, ts } from "./columns";

export type FlightJson = {
  number: string;
  origin: string;
  destination: string;
  scheduledDeparture: string;
  status: string;
};
export type NextFlightJson = { number: string; scheduledDeparture: string };

export const cases = pgTable(
  "cases",
  {
    urn: text("urn").primaryKey(),
    tenant: text("tenant").notNull(),
    externalEventId: text("external_event_id").notNull(),
    mode: text("mode").notNull().default("LIVE"),
    airport: text("airport").notNull(), // flight.origin: the airport that owns the case
    airline: text("airline").notNull(), // designator that starts flight.number
    flight: jsonb("flight").$type<FlightJson>().notNull(),
    nextFlight: jsonb("next_flight").$type<NextFlightJson | null>(),
    status: text("status").notNull(),
    createdBy: text("created_by").notNull(),
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
  ],
);

export type CaseRow = typeof cases.$inferSelect;
