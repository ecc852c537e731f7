import { jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { lifecycle } from "./columns";

export const users = pgTable(
  "users",
  {
    urn: text("urn").primaryKey(),
    tenant: text("tenant").notNull(),
    email: text("email").notNull(),
    name: text("name").notNull(),
    // scrypt hash; null for users who only sign in through the OIDC provider
    passwordHash: text("password_hash"),
    roles: jsonb("roles").$type<string[]>().notNull(),
    airports: jsonb("airports").$type<string[]>().notNull(),
    /** HOTEL users: the hotel URNs they act for in the extranet; empty for every other role */
    hotels: jsonb("hotels").$type<string[]>().notNull().default([]),
    ...lifecycle,
  },
  (t) => [
    // sign-in looks a user up by e-mail
    uniqueIndex("users_email_idx").on(t.email),
  ],
);

export type UserRow = typeof users.$inferSelect;
