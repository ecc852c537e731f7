import { relations } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import {
  SEGMENT_DIRECTIONS,
  SEGMENT_STATUSES,
  type SegmentDirection,
  type SegmentStatus,
  type SpecialNeed,
  VEHICLE_TYPES,
  type VehicleType,
} from "@/lib/vocabulary";
import { cases } from "./cases";
import { lifecycle, oneOf, ts } from "./columns";

export const transportSegments = pgTable(
  "transport_segments",
  {
    urn: text("urn").primaryKey(),
    tenant: text("tenant").notNull(),
    caseUrn: text("case_urn")
      .notNull()
      .references(() => cases.urn),
    // a shuttle serves several reservations; a jsonb list, so no foreign key (checked by lib/transport)
    reservationUrns: jsonb("reservation_urns").$type<string[]>().notNull(),
    direction: text("direction").$type<SegmentDirection>().notNull(),
    scheduledAt: ts("scheduled_at").notNull(),
    vehicleType: text("vehicle_type").$type<VehicleType>().notNull(),
    capacity: integer("capacity"),
    specialRequirements: jsonb("special_requirements").$type<SpecialNeed[]>().notNull().default([]),
    status: text("status").$type<SegmentStatus>().notNull(),
    vehicle: jsonb("vehicle").$type<Record<string, string> | null>(),
    ...lifecycle,
  },
  (t) => [
    // lists filter by case and status
    index("transport_segments_tenant_case_idx").on(t.tenant, t.caseUrn, t.status),
    oneOf("transport_segments_direction_check", t.direction, SEGMENT_DIRECTIONS),
    oneOf("transport_segments_vehicle_type_check", t.vehicleType, VEHICLE_TYPES),
    oneOf("transport_segments_status_check", t.status, SEGMENT_STATUSES),
  ],
);

export const transportSegmentsRelations = relations(transportSegments, ({ one }) => ({
  case: one(cases, { fields: [transportSegments.caseUrn], references: [cases.urn] }),
}));

export type TransportSegmentRow = typeof transportSegments.$inferSelect;
