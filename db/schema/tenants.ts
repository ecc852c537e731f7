import { relations } from "drizzle-orm";
import { jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { cases } from "./cases";
import { lifecycle } from "./columns";
import type { StoredTenantSettings } from "@/lib/tenants/settings";

/**
 * An airline. A tenant named by a valid token gets its row on its first request (lib/tenants/ensure.ts),
 * with default settings: cases reference it, so that row exists before any of its cases.
 */
export const tenants = pgTable("tenants", {
  code: text("code").primaryKey(), // two-letter airline designator, the `tenant` claim
  urn: text("urn").notNull().unique(),
  name: text("name").notNull(),
  settings: jsonb("settings").$type<Partial<StoredTenantSettings>>().notNull().default({}),
  ...lifecycle,
});

export const tenantsRelations = relations(tenants, ({ many }) => ({
  cases: many(cases),
}));

export type TenantRow = typeof tenants.$inferSelect;
