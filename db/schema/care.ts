import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, numeric, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import type { CareFacts, PassengerCare } from "@/lib/care/types";
import { MEAL_VOUCHER_STATUSES, type MealVoucherStatus, RIDE_VOUCHER_STATUSES, type RideVoucherStatus, type SegmentDirection } from "@/lib/vocabulary";
import { cases } from "./cases";
import { lifecycle, oneOf, ts } from "./columns";

/**
 * Each decision of who is owed what on a case, kept whole: the facts it read and every passenger's
 * entitlements with their bases. A new version is written when the facts move (intake, the next
 * flight changed, passengers added); the newest is the case's right to care, older ones its history.
 */
export const careAssessments = pgTable(
  "care_assessments",
  {
    urn: text("urn").primaryKey(),
    tenant: text("tenant").notNull(),
    caseUrn: text("case_urn")
      .notNull()
      .references(() => cases.urn, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    // what moved the facts: CASE_CREATED, REACCOMMODATED, PASSENGERS_ADDED, OVERRIDE …
    trigger: text("trigger").notNull(),
    facts: jsonb("facts").$type<CareFacts>().notNull(),
    passengers: jsonb("passengers").$type<PassengerCare[]>().notNull(),
    createdBy: text("created_by").notNull(),
    ...lifecycle,
  },
  (t) => [uniqueIndex("care_assessments_case_version_idx").on(t.caseUrn, t.version)],
);

/**
 * A meal voucher owed to one passenger: the `seq`-th meal of the wait under one case. Unique per
 * (case, passenger, seq), so any number of concurrent deliveries of the event issue it once.
 */
export const mealVouchers = pgTable(
  "meal_vouchers",
  {
    urn: text("urn").primaryKey(),
    tenant: text("tenant").notNull(),
    caseUrn: text("case_urn")
      .notNull()
      .references(() => cases.urn, { onDelete: "cascade" }),
    passengerId: text("passenger_id").notNull(),
    seq: integer("seq").notNull(),
    // when it becomes owed (scheduled departure + the entitlement's fromMinutes, + (seq-1) × the policy's interval)
    owedFrom: ts("owed_from").notNull(),
    // until when the issuer accepts it: the next meal's time or the next departure, whichever is first
    validUntil: ts("valid_until"),
    amount: numeric("amount", { precision: 12, scale: 2, mode: "number" }).notNull(),
    currency: text("currency").notNull(),
    status: text("status").$type<MealVoucherStatus>().notNull().default("PENDING"),
    // the issuer's id and the code or card the passenger shows at the counter
    providerRef: text("provider_ref"),
    code: text("code"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    issuedAt: ts("issued_at"),
    redeemedAt: ts("redeemed_at"),
    redeemedAmount: numeric("redeemed_amount", { precision: 12, scale: 2, mode: "number" }),
    cancelledAt: ts("cancelled_at"),
    cancelReason: text("cancel_reason"),
    // the assessment version that owed it
    assessmentVersion: integer("assessment_version").notNull(),
    ...lifecycle,
  },
  (t) => [
    uniqueIndex("meal_vouchers_once_idx").on(t.caseUrn, t.passengerId, t.seq),
    index("meal_vouchers_tenant_status_idx").on(t.tenant, t.status),
    // the issuer's redemption callback names its own id
    index("meal_vouchers_provider_ref_idx").on(t.providerRef),
    oneOf("meal_vouchers_status_check", t.status, MEAL_VOUCHER_STATUSES),
  ],
);

/**
 * A taxi or ride-hailing voucher for a group owed transport that no shuttle carries, one per
 * (reservation, direction): unique so a replayed job issues it once.
 */
export const rideVouchers = pgTable(
  "ride_vouchers",
  {
    urn: text("urn").primaryKey(),
    tenant: text("tenant").notNull(),
    caseUrn: text("case_urn")
      .notNull()
      .references(() => cases.urn, { onDelete: "cascade" }),
    groupId: text("group_id").notNull(),
    reservationUrn: text("reservation_urn").notNull(),
    direction: text("direction").$type<SegmentDirection>().notNull(),
    // why no shuttle takes them: NIGHT, PRIVATE_CAR_TIER, FLEET_FULL …
    reason: text("reason").notNull(),
    pickupAt: ts("pickup_at").notNull(),
    passengers: integer("passengers").notNull(),
    maxAmount: numeric("max_amount", { precision: 12, scale: 2, mode: "number" }).notNull(),
    currency: text("currency").notNull(),
    status: text("status").$type<RideVoucherStatus>().notNull().default("PENDING"),
    providerRef: text("provider_ref"),
    code: text("code"),
    // the provider's link that opens the voucher in its app
    link: text("link"),
    // the ride it stands for (the planned segment whose pickup it keeps)
    segmentUrn: text("segment_urn"),
    // a wheelchair user rides: the provider is asked for a wheelchair-accessible car (docs/rides.md)
    accessible: boolean("accessible").notNull().default(false),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    issuedAt: ts("issued_at"),
    usedAt: ts("used_at"),
    usedAmount: numeric("used_amount", { precision: 12, scale: 2, mode: "number" }),
    cancelledAt: ts("cancelled_at"),
    cancelReason: text("cancel_reason"),
    ...lifecycle,
  },
  (t) => [
    // one live voucher per (reservation, direction): a cancelled one (the next flight moved) gives way to its successor
    uniqueIndex("ride_vouchers_once_idx").on(t.reservationUrn, t.direction).where(sql`status <> 'CANCELLED'`),
    index("ride_vouchers_case_idx").on(t.caseUrn),
    oneOf("ride_vouchers_status_check", t.status, RIDE_VOUCHER_STATUSES),
  ],
);

export type CareAssessmentRow = typeof careAssessments.$inferSelect;
export type MealVoucherRow = typeof mealVouchers.$inferSelect;
export type RideVoucherRow = typeof rideVouchers.$inferSelect;
