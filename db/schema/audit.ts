import { index, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { ts } from "./columns";
import type { FieldChange } from "./json";

export type { FieldChange } from "./json";

/** Append-only: rows are never updated or deleted. */
export const auditEntries = pgTable(
  "audit_entries",
  {
    urn: text("urn").primaryKey(),
    tenant: text("tenant").notNull(),
    entity: text("entity").notNull(), // kind: case, policy, demand, ...
    entityUrn: text("entity_urn").notNull(),
    action: text("action").notNull(),
    actor: text("actor").notNull(),
    actorRoles: jsonb("actor_roles").$type<string[]>().notNull().default([]),
    reason: text("reason"),
    changes: jsonb("changes").$type<FieldChange[]>().notNull().default([]),
    requestId: text("request_id"),
    // the airport of the entity, when it has one, so scoped principals read only their airports
    airport: text("airport"),
    at: ts("at").notNull().defaultNow(),
  },
  (t) => [
    // GET /audit?entity=&entityUrn=&action= and the case timeline
    index("audit_entity_idx").on(t.tenant, t.entityUrn, t.urn),
    // GET /audit?entity=policy without a urn, newest first (URNs are time-ordered UUIDv7)
    index("audit_kind_idx").on(t.tenant, t.entity, t.urn),
  ],
);

export type AuditEntryRow = typeof auditEntries.$inferSelect;
