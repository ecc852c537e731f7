import { relations } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { PROVIDERS, type Provider, RESERVATION_STATUSES, type ReservationStatus } from "@/lib/vocabulary";
import { allocationWaves } from "./allocation";
import { cases } from "./cases";
import { lifecycle, oneOf, ts } from "./columns";
import type { MoneyJson, PaymentJson } from "./json";
import { vouchers } from "./vouchers";

export type { MoneyJson } from "./json";

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
    provider: text("provider").$type<Provider>().notNull(),
    providerOfferId: text("provider_offer_id"),
    providerRef: text("provider_ref"),
    status: text("status").$type<ReservationStatus>().notNull(),
    rooms: integer("rooms").notNull(),
    checkIn: ts("check_in").notNull(),
    checkOut: ts("check_out").notNull(),
    total: jsonb("total").$type<MoneyJson>().notNull(),
    payment: jsonb("payment").$type<PaymentJson>().notNull(),
    cancellationReason: text("cancellation_reason"),
    ...lifecycle,
  },
  (t) => [
    // booking idempotency: one reservation per (caseUrn, waveUrn, groupId)
    uniqueIndex("reservations_idempotency_idx").on(t.caseUrn, t.waveUrn, t.groupId),
    // lists and the case page filter by case and status
    index("reservations_tenant_case_idx").on(t.tenant, t.caseUrn, t.status),
    // a wave's reservations (and the foreign key's lookups)
    index("reservations_wave_idx").on(t.waveUrn),
    oneOf("reservations_status_check", t.status, RESERVATION_STATUSES),
    oneOf("reservations_provider_check", t.provider, PROVIDERS),
  ],
);

export const reservationsRelations = relations(reservations, ({ one }) => ({
  case: one(cases, { fields: [reservations.caseUrn], references: [cases.urn] }),
  wave: one(allocationWaves, { fields: [reservations.waveUrn], references: [allocationWaves.urn] }),
  voucher: one(vouchers),
}));

export type ReservationRow = typeof reservations.$inferSelect;
