import { boolean, index, integer, jsonb, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { lifecycle } from "./columns";

export const passengerGroups = pgTable(
  "passenger_groups",
  {
    caseUrn: text("case_urn").notNull(),
    groupId: text("group_id").notNull(),
    tenant: text("tenant").notNull(),
    pnr: text("pnr").notNull(),
    // null while the passengers span several tiers (MIXED_TIER_GROUP)
    tier: text("tier"),
    mixedTier: boolean("mixed_tier").notNull().default(false),
    rooms: integer("rooms").notNull(),
    hotelUrn: text("hotel_urn"),
    reservationUrn: text("reservation_urn"),
    // keeps the manifest's order stable across reads
    position: integer("position").notNull().default(0),
    ...lifecycle,
  },
  (t) => [primaryKey({ columns: [t.caseUrn, t.groupId] })],
);

export const passengers = pgTable(
  "passengers",
  {
    caseUrn: text("case_urn").notNull(),
    passengerId: text("passenger_id").notNull(),
    tenant: text("tenant").notNull(),
    groupId: text("group_id").notNull(),
    // null when the manifest lacked them: the case is still created, with a DATA_INCOMPLETE review item
    firstName: text("first_name"),
    lastName: text("last_name"),
    tier: text("tier"),
    email: text("email"),
    phone: text("phone"),
    specialNeeds: jsonb("special_needs").$type<string[]>().notNull().default([]),
    operationalStatus: text("operational_status").notNull().default("AWAITING_ALLOCATION"),
    position: integer("position").notNull().default(0),
    ...lifecycle,
  },
  (t) => [
    primaryKey({ columns: [t.caseUrn, t.passengerId] }),
    // a case read assembles its groups' passengers
    index("passengers_case_group_idx").on(t.caseUrn, t.groupId),
  ],
);

export type PassengerGroupRow = typeof passengerGroups.$inferSelect;
export type PassengerRow = typeof passengers.$inferSelect;
