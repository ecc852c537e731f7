import { relations } from "drizzle-orm";
import { pgTable, text } from "drizzle-orm/pg-core";
import { lifecycle, ts } from "./columns";
import { reservations } from "./reservations";

/** A voucher is rendered from its reservation and goes with it (ON DELETE CASCADE). */
export const vouchers = pgTable("vouchers", {
  urn: text("urn").primaryKey(),
  tenant: text("tenant").notNull(),
  reservationUrn: text("reservation_urn")
    .notNull()
    .unique()
    .references(() => reservations.urn, { onDelete: "cascade" }),
  confirmationCode: text("confirmation_code").notNull(),
  html: text("html").notNull(),
  text: text("text").notNull(),
  deliveredAt: ts("delivered_at"),
  ...lifecycle,
});

export const vouchersRelations = relations(vouchers, ({ one }) => ({
  reservation: one(reservations, { fields: [vouchers.reservationUrn], references: [reservations.urn] }),
}));

export type VoucherRow = typeof vouchers.$inferSelect;
