import { sql } from "drizzle-orm";
import { check, doublePrecision, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from "drizzle-orm/pg-core";
import {
  RATING_SOURCES,
  RECONFIRMATION_MOMENTS,
  RECONFIRMATION_STATUSES,
  type RatingSource,
  type RatingTag,
  type ReconfirmationMoment,
  type ReconfirmationStatus,
} from "@/lib/vocabulary";
import { lifecycle, oneOf, ts } from "./columns";
import { reservations } from "./reservations";

/**
 * One look-up of a CONFIRMED reservation at its provider, at a moment its policy sets (issue 22,
 * walk protection). One row per (reservation, moment): a repeated schedule finds it; the job that
 * runs it moves it from SCHEDULED once.
 */
export const reservationReconfirmations = pgTable(
  "reservation_reconfirmations",
  {
    urn: text("urn").primaryKey(),
    tenant: text("tenant").notNull(),
    reservationUrn: text("reservation_urn")
      .notNull()
      .references(() => reservations.urn),
    moment: text("moment").$type<ReconfirmationMoment>().notNull(),
    dueAt: ts("due_at").notNull(),
    status: text("status").$type<ReconfirmationStatus>().notNull().default("SCHEDULED"),
    /** look-ups made (an erroring provider is asked again a few times before ERROR) */
    attempts: integer("attempts").notNull().default(0),
    checkedAt: ts("checked_at"),
    /** what the provider answered: its booking status, or the error of the last failed look-up */
    providerStatus: text("provider_status"),
    lastError: text("last_error"),
    ...lifecycle,
  },
  (t) => [
    uniqueIndex("reservation_reconfirmations_moment_idx").on(t.reservationUrn, t.moment),
    oneOf("reservation_reconfirmations_moment_check", t.moment, RECONFIRMATION_MOMENTS),
    oneOf("reservation_reconfirmations_status_check", t.status, RECONFIRMATION_STATUSES),
  ],
);

/**
 * A contracted hotel's rooms and rate for one night of its direct contract, set in the extranet
 * (PUT /hotels/{hotelUrn}/inventory): the DIRECT source offers these instead of the contract's
 * allotment and rate for that night. `rooms` is what the hotel still offers tonight, bookings
 * already made not counted.
 */
export const hotelInventory = pgTable(
  "hotel_inventory",
  {
    tenant: text("tenant").notNull(),
    hotelUrn: text("hotel_urn").notNull(),
    /** the hotel's local calendar date of the night, YYYY-MM-DD */
    date: text("date").notNull(),
    rooms: integer("rooms").notNull(),
    /** null: the contract's rate */
    nightlyRate: doublePrecision("nightly_rate"),
    updatedBy: text("updated_by").notNull(),
    ...lifecycle,
  },
  (t) => [primaryKey({ columns: [t.tenant, t.hotelUrn, t.date] })],
);

/** A request to every contracted hotel near an airport for rooms tonight (POST /airports/{code}/capacity-calls). */
export const capacityCalls = pgTable(
  "capacity_calls",
  {
    urn: text("urn").primaryKey(),
    tenant: text("tenant").notNull(),
    airport: text("airport").notNull(),
    /** the airport's local date of the night asked for, YYYY-MM-DD */
    date: text("date").notNull(),
    reason: text("reason").notNull(),
    /** rooms the open cases needed beyond what the sources offered when the call went out */
    roomsShort: integer("rooms_short").notNull().default(0),
    /** the contracted hotels the call went to */
    hotelUrns: jsonb("hotel_urns").$type<string[]>().notNull().default([]),
    createdBy: text("created_by").notNull(),
    ...lifecycle,
  },
  (t) => [index("capacity_calls_airport_idx").on(t.tenant, t.airport, t.createdAt)],
);

/** A hotel's answer to a capacity call: the rooms (and rate) it offers tonight. One per call and hotel; a later answer replaces it. */
export const capacityCallAnswers = pgTable(
  "capacity_call_answers",
  {
    callUrn: text("call_urn")
      .notNull()
      .references(() => capacityCalls.urn, { onDelete: "cascade" }),
    hotelUrn: text("hotel_urn").notNull(),
    rooms: integer("rooms").notNull(),
    nightlyRate: doublePrecision("nightly_rate"),
    answeredBy: text("answered_by").notNull(),
    ...lifecycle,
  },
  (t) => [primaryKey({ columns: [t.callUrn, t.hotelUrn] })],
);

/**
 * What a stay was like: a passenger's rating from their page (one per reservation), a problem an
 * operator recorded, or the hotel's own record (a walk, a decline). Keeps no personal data beyond
 * the reservation it belongs to; erasure clears `comment`.
 */
export const stayRatings = pgTable(
  "stay_ratings",
  {
    urn: text("urn").primaryKey(),
    tenant: text("tenant").notNull(),
    reservationUrn: text("reservation_urn")
      .notNull()
      .references(() => reservations.urn),
    hotelUrn: text("hotel_urn").notNull(),
    source: text("source").$type<RatingSource>().notNull(),
    /** 1–5 */
    score: integer("score").notNull(),
    tags: jsonb("tags").$type<RatingTag[]>().notNull().default([]),
    comment: text("comment"),
    createdBy: text("created_by").notNull(),
    ...lifecycle,
  },
  (t) => [
    // one rating per reservation from its passengers, one walk or decline per reservation from the hotel
    uniqueIndex("stay_ratings_one_per_source_idx").on(t.reservationUrn, t.source).where(sql`${t.source} IN ('PASSENGER', 'HOTEL')`),
    // the hotel's score
    index("stay_ratings_hotel_idx").on(t.tenant, t.hotelUrn),
    oneOf("stay_ratings_source_check", t.source, RATING_SOURCES),
    check("stay_ratings_score_check", sql`${t.score} BETWEEN 1 AND 5`),
  ],
);

export type ReconfirmationRow = typeof reservationReconfirmations.$inferSelect;
export type HotelInventoryRow = typeof hotelInventory.$inferSelect;
export type CapacityCallRow = typeof capacityCalls.$inferSelect;
export type CapacityCallAnswerRow = typeof capacityCallAnswers.$inferSelect;
export type StayRatingRow = typeof stayRatings.$inferSelect;
