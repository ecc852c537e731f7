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

/** One passenger aboard a segment: which reservation (and group) put them there. */
export type SegmentPassengerJson = { passengerId: string; groupId: string; reservationUrn: string };

/**
 * The vehicle and driver of an ASSIGNED segment, as the fleet or an operator named them. Keys
 * written by lib/transport: vehicleId, driverName, driverPhone, plate, dispatcherPhone, source
 * (FLEET or MANUAL) and assignmentId (the fleet's, to release it on cancel or reassignment); a
 * flat string map so a third-party provider's extra fields fit.
 */
export type SegmentVehicleJson = Record<string, string | null>;

export const transportSegments = pgTable(
  "transport_segments",
  {
    urn: text("urn").primaryKey(),
    tenant: text("tenant").notNull(),
    caseUrn: text("case_urn")
      .notNull()
      .references(() => cases.urn),
    // the airport of the case: board and list filters read it without a join (null only on rows older than the column)
    airport: text("airport"),
    // a shuttle serves several reservations; a jsonb list, so no foreign key (checked by lib/transport)
    reservationUrns: jsonb("reservation_urns").$type<string[]>().notNull(),
    // the hotel every reservation aboard stays at: the other end of the ride
    hotelUrn: text("hotel_urn"),
    direction: text("direction").$type<SegmentDirection>().notNull(),
    scheduledAt: ts("scheduled_at").notNull(),
    vehicleType: text("vehicle_type").$type<VehicleType>().notNull(),
    capacity: integer("capacity"),
    passengers: jsonb("passengers").$type<SegmentPassengerJson[]>().notNull().default([]),
    passengerCount: integer("passenger_count").notNull().default(0),
    // where passengers board and leave, as the voucher prints them
    pickupLocation: text("pickup_location"),
    dropoffLocation: text("dropoff_location"),
    specialRequirements: jsonb("special_requirements").$type<SpecialNeed[]>().notNull().default([]),
    status: text("status").$type<SegmentStatus>().notNull(),
    vehicle: jsonb("vehicle").$type<SegmentVehicleJson | null>(),
    /** PLANNER: the automatic plan made it; MANUAL: POST /transport/segments */
    origin: text("origin").$type<"PLANNER" | "MANUAL">().notNull().default("PLANNER"),
    cancellationReason: text("cancellation_reason"),
    // the fleet's last refusal ("fleet_full: …"): set only when a configured fleet was asked and had
    // no vehicle, so a ride never asked (no fleet, not yet) is not read as one the fleet cannot take
    fleetRefusal: text("fleet_refusal"),
    ...lifecycle,
  },
  (t) => [
    // lists filter by case and status
    index("transport_segments_tenant_case_idx").on(t.tenant, t.caseUrn, t.status),
    // the airport board and GET /transport/segments?airport= list by time
    index("transport_segments_tenant_airport_time_idx").on(t.tenant, t.airport, t.scheduledAt),
    oneOf("transport_segments_direction_check", t.direction, SEGMENT_DIRECTIONS),
    oneOf("transport_segments_vehicle_type_check", t.vehicleType, VEHICLE_TYPES),
    oneOf("transport_segments_status_check", t.status, SEGMENT_STATUSES),
  ],
);

export const transportSegmentsRelations = relations(transportSegments, ({ one }) => ({
  case: one(cases, { fields: [transportSegments.caseUrn], references: [cases.urn] }),
}));

export type TransportSegmentRow = typeof transportSegments.$inferSelect;
