import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { POLICY_STATUSES, type PolicyStatus, type Tier } from "@/lib/vocabulary";
import { lifecycle, oneOf, ts } from "./columns";

export const policies = pgTable(
  "policies",
  {
    urn: text("urn").primaryKey(),
    tenant: text("tenant").notNull(),
    name: text("name").notNull(),
    // the matching context; null means "any"
    airport: text("airport"),
    airline: text("airline"),
    country: text("country"),
    tiers: jsonb("tiers").$type<Tier[]>().notNull(),
    // airport|airline|country|sorted tiers: versions of one context share it
    contextKey: text("context_key").notNull(),
    version: integer("version").notNull(),
    status: text("status").$type<PolicyStatus>().notNull(),
    // the rest of the policy payload, validated by lib/policies/schemas.ts
    body: jsonb("body").$type<Record<string, unknown>>().notNull(),
    provenance: jsonb("provenance").$type<Record<string, unknown> | null>(),
    createdBy: text("created_by").notNull(),
    activatedAt: ts("activated_at"),
    activatedBy: text("activated_by"),
    ...lifecycle,
  },
  (t) => [
    // version history of one context; unique so two creates cannot take the same number
    uniqueIndex("policies_context_version_idx").on(t.tenant, t.contextKey, t.version),
    // at most one ACTIVE version per context, even when two activations race
    uniqueIndex("policies_one_active_idx")
      .on(t.tenant, t.contextKey)
      .where(sql`${t.status} = 'ACTIVE'`),
    // matching reads the active policies of a tenant
    index("policies_tenant_status_idx").on(t.tenant, t.status),
    oneOf("policies_status_check", t.status, POLICY_STATUSES),
  ],
);

export type PolicyRow = typeof policies.$inferSelect;
