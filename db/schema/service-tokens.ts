import { index, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { lifecycle, ts } from "./columns";

/** Tokens minted in the console for machine clients (the airline feed); revocable by jti. */
export const serviceTokens = pgTable(
  "service_tokens",
  {
    jti: text("jti").primaryKey(),
    urn: text("urn").notNull().unique(),
    tenant: text("tenant").notNull(),
    name: text("name").notNull(),
    sub: text("sub").notNull(),
    roles: jsonb("roles").$type<string[]>().notNull(),
    airports: jsonb("airports").$type<string[]>().notNull(),
    createdBy: text("created_by").notNull(),
    expiresAt: ts("expires_at").notNull(),
    revokedAt: ts("revoked_at"),
    revokedBy: text("revoked_by"),
    ...lifecycle,
  },
  (t) => [
    // the admin page lists a tenant's tokens
    index("service_tokens_tenant_idx").on(t.tenant, t.createdAt),
  ],
);

export type ServiceTokenRow = typeof serviceTokens.$inferSelect;
