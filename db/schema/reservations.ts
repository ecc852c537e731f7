import { relations, sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { ARRIVAL_STATUSES, type ArrivalStatus, HOTEL_CONFIRMATIONS, type HotelConfirmation, PROVIDERS, type Provider, RESERVATION_STATUSES, type ReservationStatus, WALK_REASONS, type WalkReason } from "@/lib/vocabulary";
import { allocationWaves } from "./allocation";
import { cases } from "./cases";
import { lifecycle, oneOf, ts } from "./columns";
import type { MoneyJson, PaymentJson } from "./json";
import { vouchers } from "./vouchers";

export type { MoneyJson } from "./json";

export const STAY_CHANGES = ["CONTINUATION", "REPLACEMENT"] as const;
export type StayChange = (typeof STAY_CHANGES)[number];

/** Money was committed: a reservation outlives nothing it points to (ON DELETE NO ACTION). */
export const reservations = pgTable(
  "reservations",
  {
    urn: text("urn").primaryKey(),
    tenant: text("tenant").notNull(),
    caseUrn: text("case_urn")
      .notNull()
      .references(() => cases.urn),
    waveUrn: text("wave_urn")
      .notNull()
      .references(() => allocationWaves.urn),
    groupId: text("group_id").notNull(),
    hotelUrn: text("hotel_urn").notNull(),
    hotelName: text("hotel_name"),
    provider: text("provider").$type<Provider>().notNull(),
    providerOfferId: text("provider_offer_id"),
    providerRef: text("provider_ref"),
    /** what the guest quotes at the front desk (the provider's confirmation code) */
    confirmationCode: text("confirmation_code"),
    /** ours, sent with the booking: finds a booking whose confirmation was lost */
    clientReference: text("client_reference"),
    /** every provider call the booking made: hotel, attempt, outcome, provider error */
    attempts: jsonb("attempts").$type<BookingAttemptJson[]>().notNull().default([]),
    /** the payment service provider's authorization id of a CARD booking (never card data) */
    paymentAuthorization: text("payment_authorization"),
    /** the job run that holds a PENDING reservation: a concurrent delivery of the same booking leaves it alone */
    bookingRun: text("booking_run"),
    status: text("status").$type<ReservationStatus>().notNull(),
    rooms: integer("rooms").notNull(),
    checkIn: ts("check_in").notNull(),
    checkOut: ts("check_out").notNull(),
    total: jsonb("total").$type<MoneyJson>().notNull(),
    payment: jsonb("payment").$type<PaymentJson>().notNull(),
    cancellationReason: text("cancellation_reason"),
    /**
     * A re-accommodation's booking (lib/booking/continue-stay.ts): the reservation whose stay this one
     * continues (CONTINUATION: the missing nights at the same hotel) or replaces (REPLACEMENT: the
     * whole stay at the next-ranked hotel; the old one is released once this one is confirmed).
     */
    previousUrn: text("previous_urn"),
    stayChange: text("stay_change").$type<StayChange>(),
    /** PASSENGER: a replacement the passenger chose on their page (its messages say "your choice is confirmed"); null: the service's own booking */
    requestedBy: text("requested_by").$type<"PASSENGER">(),
    /**
     * The version of what the stay is (its dates at its hotel): 1 when booked, bumped by each
     * in-place change (lib/booking/reaccommodate.ts), not by a voucher refresh for rides. A
     * STAY_CHANGED message is sent once per version.
     */
    stayVersion: integer("stay_version").notNull().default(1),
    /**
     * The hotel no longer held the booking (a re-confirmation found it cancelled, unknown, overbooked
     * or the guarantee refused; or the hotel declined it in the extranet): the reservation is
     * CANCELLED and its group rehoused (lib/booking/walk.ts). Set once: a second walk finds it set.
     */
    walkedAt: ts("walked_at"),
    walkReason: text("walk_reason").$type<WalkReason>(),
    /** what the walk's source said (the provider's status or error, the hotel's reason) */
    walkDetail: text("walk_detail"),
    /** a contracted hotel's answer to a direct booking in the extranet; null: not answered yet */
    hotelConfirmation: text("hotel_confirmation").$type<HotelConfirmation>(),
    hotelConfirmedAt: ts("hotel_confirmed_at"),
    /** the front desk's record for the group (extranet); null: not recorded */
    arrival: text("arrival").$type<ArrivalStatus>(),
    arrivalRecordedAt: ts("arrival_recorded_at"),
    ...lifecycle,
  },
  (t) => [
    // booking idempotency: one live reservation per (caseUrn, waveUrn, groupId); FAILED and
    // CANCELLED rows stay as history beside the rebooking that replaced them
    uniqueIndex("reservations_idempotency_idx")
      .on(t.caseUrn, t.waveUrn, t.groupId)
      .where(sql`${t.status} IN ('PENDING', 'CONFIRMED', 'CHECKED_OUT') AND ${t.previousUrn} IS NULL`),
    // one live continuation or replacement per reservation: a retried or repeated re-accommodation
    // finds the one it made instead of booking a second; it also serves "has this stay a successor?"
    uniqueIndex("reservations_previous_idx")
      .on(t.previousUrn)
      .where(sql`${t.status} IN ('PENDING', 'CONFIRMED', 'CHECKED_OUT') AND ${t.previousUrn} IS NOT NULL`),
    // the check-out job reads confirmed stays whose check-out passed
    index("reservations_status_check_out_idx").on(t.status, t.checkOut),
    // lists and the case page filter by case and status
    index("reservations_tenant_case_idx").on(t.tenant, t.caseUrn, t.status),
    // a wave's reservations (and the foreign key's lookups)
    index("reservations_wave_idx").on(t.waveUrn),
    oneOf("reservations_status_check", t.status, RESERVATION_STATUSES),
    oneOf("reservations_provider_check", t.provider, PROVIDERS),
    oneOf("reservations_stay_change_check", t.stayChange, STAY_CHANGES),
    oneOf("reservations_walk_reason_check", t.walkReason, WALK_REASONS),
    oneOf("reservations_hotel_confirmation_check", t.hotelConfirmation, HOTEL_CONFIRMATIONS),
    oneOf("reservations_arrival_check", t.arrival, ARRIVAL_STATUSES),
    // the board and the weekly report count walks by hotel and time
    index("reservations_walked_idx").on(t.tenant, t.walkedAt).where(sql`${t.walkedAt} IS NOT NULL`),
    // the extranet's arrivals: a hotel's stays by check-in
    index("reservations_hotel_check_in_idx").on(t.hotelUrn, t.checkIn),
  ],
);

export const reservationsRelations = relations(reservations, ({ one }) => ({
  case: one(cases, { fields: [reservations.caseUrn], references: [cases.urn] }),
  wave: one(allocationWaves, { fields: [reservations.waveUrn], references: [allocationWaves.urn] }),
  voucher: one(vouchers),
}));

export type ReservationRow = typeof reservations.$inferSelect;

/** One provider call of a booking, as the attempts column keeps it. */
export type BookingAttemptJson = {
  hotelUrn: string;
  provider: Provider;
  /** 1-based, per hotel */
  attempt: number;
  at: string;
  outcome: "CONFIRMED" | "RETRY" | "STOP";
  /** e.g. hotel-full, rate-limited, provider-unavailable, payment-refused */
  reason?: string;
  providerError?: string;
  /** the wait before the next attempt, seconds */
  waitSeconds?: number;
};
