import { index, integer, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { lifecycle, ts } from "./columns";

export type MoneyJson = { amount: number; currency: string };

export const reservations = pgTable(
  "reservations",
  {
    urn: text("urn").primaryKey(),
    tenant: text("tenant").notNull(),
    caseUrn: text("case_urn").notNull(),
    waveUrn: text("wave_urn").notNull(),
    groupId: text("group_id").notNull(),
    hotelUrn: text("hotel_urn").notNull(),
    provider: text("provider").notNull(),
    providerOfferId: text("provider_offer_id"),
    providerRef: text("provider_ref"),
    status: text("status").notNull(),
    rooms: integer("rooms").notNull(),
    checkIn: ts("check_in").notNull(),
    checkOut: ts("check_out").notNull(),
    total: jsonb("total").$type<MoneyJson>().notNull(),
    payment: jsonb("payment").$type<{ method: "GUARANTEE" | "CARD"; cardToken?: string }>().notNull(),
    cancellationReason: text("cancellation_reason"),
    ...lifecycle,
  },
  (t) => [
    // booking idempotency: one reservation per (caseUrn, waveUrn, groupId)
    uniqueIndex("reservations_idempotency_idx").on(t.caseUrn, t.waveUrn, t.groupId),
    // lists and the case page filter by case and status
    index("reservations_tenant_case_idx").on(t.tenant, t.caseUrn, t.status),
  ],
);

export const vouchers = pgTable("vouchers", {
  urn: text("urn").primaryKey(),
  tenant: text("tenant").notNull(),
  reservationUrn: text("reservation_urn").notNull().unique(),
  confirmationCode: text("confirmation_code").notNull(),
  html: text("html").notNull(),
  text: text("text").notNull(),
  deliveredAt: ts("delivered_at"),
  ...lifecycle,
});

export const transportSegments = pgTable(
  "transport_segments",
  {
    urn: text("urn").primaryKey(),
    tenant: text("tenant").notNull(),
    caseUrn: text("case_urn").notNull(),
    reservationUrns: jsonb("reservation_urns").$type<string[]>().notNull(),
    direction: text("direction").notNull(),
    scheduledAt: ts("scheduled_at").notNull(),
    vehicleType: text("vehicle_type").notNull(),
    capacity: integer("capacity"),
    specialRequirements: jsonb("special_requirements").$type<string[]>().notNull().default([]),
    status: text("status").notNull(),
    vehicle: jsonb("vehicle").$type<Record<string, string> | null>(),
    ...lifecycle,
  },
  (t) => [
    // lists filter by case and status
    index("transport_segments_tenant_case_idx").on(t.tenant, t.caseUrn, t.status),
  ],
);

export type ReservationRow = typeof reservations.$inferSelect;
export type VoucherRow = typeof vouchers.$inferSelect;
export type TransportSegmentRow = typeof transportSegments.$inferSelect;
