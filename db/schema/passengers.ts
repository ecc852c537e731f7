import { relations, sql } from "drizzle-orm";
import { boolean, check, foreignKey, index, integer, jsonb, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { LOCALES, type Locale } from "@/lib/i18n/locales";
import { OPERATIONAL_STATUSES, type OperationalStatus, type SpecialNeed, type Tier, TIERS } from "@/lib/vocabulary";
import { cases } from "./cases";
import { lifecycle, oneOf, ts } from "./columns";

/**
 * A case's manifest belongs to it: deleting a case (only tests' databases do today) deletes its
 * groups and passengers. A group cannot disappear under its passengers: merge moves them first.
 */
export const passengerGroups = pgTable(
  "passenger_groups",
  {
    caseUrn: text("case_urn")
      .notNull()
      .references(() => cases.urn, { onDelete: "cascade" }),
    groupId: text("group_id").notNull(),
    tenant: text("tenant").notNull(),
    pnr: text("pnr").notNull(),
    // null while the passengers span several tiers (MIXED_TIER_GROUP)
    tier: text("tier").$type<Tier>(),
    mixedTier: boolean("mixed_tier").notNull().default(false),
    rooms: integer("rooms").notNull(),
    hotelUrn: text("hotel_urn"),
    reservationUrn: text("reservation_urn"),
    // keeps the manifest's order stable across reads
    position: integer("position").notNull().default(0),
    ...lifecycle,
  },
  (t) => [primaryKey({ columns: [t.caseUrn, t.groupId] }), oneOf("passenger_groups_tier_check", t.tier, TIERS)],
);

export const passengers = pgTable(
  "passengers",
  {
    caseUrn: text("case_urn")
      .notNull()
      .references(() => cases.urn, { onDelete: "cascade" }),
    passengerId: text("passenger_id").notNull(),
    tenant: text("tenant").notNull(),
    groupId: text("group_id").notNull(),
    // null when the manifest lacked them: the case is still created, with a DATA_INCOMPLETE review item
    firstName: text("first_name"),
    lastName: text("last_name"),
    tier: text("tier").$type<Tier>(),
    email: text("email"),
    phone: text("phone"),
    // set when the personal fields were erased (lib/privacy): names, email and phone are null from then on
    erasedAt: ts("erased_at"),
    specialNeeds: jsonb("special_needs").$type<SpecialNeed[]>().notNull().default([]),
    // the language of the passenger's voucher and messages (the manifest's, or chosen on the passenger page); null: English
    language: text("language").$type<Locale>(),
    // moves only along lib/cases/passenger-transitions.ts
    operationalStatus: text("operational_status").$type<OperationalStatus>().notNull().default("AWAITING_ALLOCATION"),
    position: integer("position").notNull().default(0),
    ...lifecycle,
  },
  (t) => [
    primaryKey({ columns: [t.caseUrn, t.passengerId] }),
    // a case read assembles its groups' passengers; also serves the foreign key to the group
    index("passengers_case_group_idx").on(t.caseUrn, t.groupId),
    foreignKey({ name: "passengers_group_fk", columns: [t.caseUrn, t.groupId], foreignColumns: [passengerGroups.caseUrn, passengerGroups.groupId] }),
    oneOf("passengers_tier_check", t.tier, TIERS),
    oneOf("passengers_operational_status_check", t.operationalStatus, OPERATIONAL_STATUSES),
    // language codes are lower case, which oneOf (upper-case vocabulary only) refuses; the values are our constant
    check("passengers_language_check", sql`${t.language} IN (${sql.raw(LOCALES.map((l) => `'${l}'`).join(", "))})`),
  ],
);

export const passengerGroupsRelations = relations(passengerGroups, ({ one, many }) => ({
  case: one(cases, { fields: [passengerGroups.caseUrn], references: [cases.urn] }),
  passengers: many(passengers),
}));

export const passengersRelations = relations(passengers, ({ one }) => ({
  case: one(cases, { fields: [passengers.caseUrn], references: [cases.urn] }),
  group: one(passengerGroups, {
    fields: [passengers.caseUrn, passengers.groupId],
    references: [passengerGroups.caseUrn, passengerGroups.groupId],
  }),
}));

export type PassengerGroupRow = typeof passengerGroups.$inferSelect;
export type PassengerRow = typeof passengers.$inferSelect;
