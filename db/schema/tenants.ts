import { jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { lifecycle } from "./columns";

/** An airline. A tenant named by a valid token exists even without a row: settings take defaults. */
export const tenants = pgTable("tenants", {
  code: text("code").primaryKey(), // two-letter airline designator, the `tenant` claim
  urn: text("urn").notNull().unique(),
  name: text("name").notNull(),
  settings: jsonb("settings").$type<Record<string, unknown>>().notNull().default({}),
  ...lifecycle,
});

export type TenantRow = typeof tenants.$inferSelect;
