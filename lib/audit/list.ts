import { and, desc, eq, inArray, isNull, lt, ne, or, type SQL } from "drizzle-orm";
import { auditEntries, type AuditEntryRow } from "@/db/schema";
import { decodeCursor, paginate } from "@/lib/http/cursor";
import { requirePermission } from "@/lib/auth/require";
import { airportFilter } from "@/lib/auth/scope";
import type { Ctx } from "@/lib/context";
import { decodeSegment } from "@/lib/ids";
import { caseScope } from "./case-scope";
import { ACCESS_DENIED_ACTION as ACCESS_DENIED } from "./refused";
import type { AuditEntry, AuditQuery } from "./schemas";

export function toAuditEntry(row: AuditEntryRow): AuditEntry {
  return {
    urn: row.urn,
    entity: row.entity,
    entityUrn: row.entityUrn,
    action: row.action,
    actor: row.actor,
    actorRoles: row.actorRoles,
    reason: row.reason,
    changes: row.changes,
    airport: row.airport,
    requestId: row.requestId,
    at: row.at.toISOString(),
  };
}

/** Audit entries of the caller's tenant, newest first, limited to the airports in its claims. */
export async function listAudit({ ctx, input }: { ctx: Ctx; input: AuditQuery }) {
  requirePermission(ctx, "read", "read the audit log");
  const where: SQL[] = [eq(auditEntries.tenant, ctx.principal.tenant)];
  if (input.entity) where.push(eq(auditEntries.entity, input.entity));
  if (input.entityUrn) {
    const urns = input.entityUrn.split(",").map((u) => decodeSegment(u.trim())).filter(Boolean);
    where.push(urns.length === 1 ? eq(auditEntries.entityUrn, urns[0]) : inArray(auditEntries.entityUrn, urns));
  }
  if (input.action) where.push(eq(auditEntries.action, input.action));
  if (input.caseUrn) where.push(caseScope(ctx.db, ctx.principal.tenant, input.caseUrn));
  if (input.refused === "exclude") where.push(ne(auditEntries.action, ACCESS_DENIED));
  const airports = airportFilter(ctx.principal);
  if (airports) {
    // a scoped reader sees its airports' entries and those of records with no airport (a global
    // policy), but not others' refused requests that name no airport of its own: their paths and
    // subjects are not its business
    const noAirport = and(isNull(auditEntries.airport), or(ne(auditEntries.action, ACCESS_DENIED), eq(auditEntries.actor, ctx.principal.sub)));
    where.push(or(inArray(auditEntries.airport, airports), noAirport)!);
  }
  const after = decodeCursor(input.cursor);
  // URNs are UUIDv7: ordering by URN is ordering by creation time, and a unique keyset
  if (after) where.push(lt(auditEntries.urn, String(after[0])));
  const rows = await ctx.db
    .select()
    .from(auditEntries)
    .where(and(...where))
    .orderBy(desc(auditEntries.urn))
    .limit(input.limit + 1);
  const page = paginate(rows, input.limit, (r) => [r.urn]);
  return { items: page.items.map(toAuditEntry), nextCursor: page.nextCursor };
}
