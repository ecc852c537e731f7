import { and, eq, inArray } from "drizzle-orm";
import { allocationWaves, demands, reservations, reviewItems, transportSegments } from "@/db/schema";
import { requirePermission } from "@/lib/auth/require";
import type { Ctx } from "@/lib/context";
import { urnKind } from "@/lib/ids";
import { policyHref, policyUrnsIn } from "@/lib/policies/href";
import { type PolicyName, policyNames } from "@/lib/policies/names";
import { caseLabels } from "@/lib/read-models/case-labels";
import { userNames } from "@/lib/users/names";
import type { AuditEntry } from "@/lib/audit/schemas";
import { capital, subjectsIn, words } from "@/lib/audit/wording";

/** What a person reads in the audit's entity column: "AF1234 CDG→JFK, 21 Nov", "Initial demand, 60 rooms · AF1234 CDG→JFK, 21 Nov". */
export type EntityLabel = { label: string; href?: string };

export type AuditLabels = {
  entities: Record<string, EntityLabel>;
  policies: Record<string, PolicyName>;
  users: Record<string, string>;
};

/**
 * Readable labels for a page of audit entries: entity names, policy names (also those a reason
 * mentions) and actors' names. A fixed number of queries per page — one per kind of record —
 * however many rows the page has.
 */
export async function auditLabels({ ctx, input }: { ctx: Ctx; input: { entries: AuditEntry[] } }): Promise<AuditLabels> {
  requirePermission(ctx, "read", "read the audit log");
  const byKind = new Map<string, string[]>();
  for (const e of input.entries) {
    const kind = urnKind(e.entityUrn);
    if (kind) byKind.set(kind, [...(byKind.get(kind) ?? []), e.entityUrn]);
  }
  const of = (kind: string) => [...new Set(byKind.get(kind) ?? [])];
  const tenant = ctx.principal.tenant;

  // the records that hang off a case, each with its case: one query per kind
  const [demandRows, reviewRows, reservationRows, waveRows, segmentRows] = await Promise.all([
    of("demand").length ? ctx.db.select({ urn: demands.urn, caseUrn: demands.caseUrn, type: demands.type, rooms: demands.roomsRequested }).from(demands).where(and(eq(demands.tenant, tenant), inArray(demands.urn, of("demand")))) : [],
    of("review").length ? ctx.db.select({ urn: reviewItems.urn, caseUrn: reviewItems.caseUrn, category: reviewItems.category }).from(reviewItems).where(and(eq(reviewItems.tenant, tenant), inArray(reviewItems.urn, of("review")))) : [],
    of("reservation").length ? ctx.db.select({ urn: reservations.urn, caseUrn: reservations.caseUrn, groupId: reservations.groupId }).from(reservations).where(and(eq(reservations.tenant, tenant), inArray(reservations.urn, of("reservation")))) : [],
    of("wave").length ? ctx.db.select({ urn: allocationWaves.urn, caseUrn: allocationWaves.caseUrn }).from(allocationWaves).where(and(eq(allocationWaves.tenant, tenant), inArray(allocationWaves.urn, of("wave")))) : [],
    of("segment").length ? ctx.db.select({ urn: transportSegments.urn, caseUrn: transportSegments.caseUrn }).from(transportSegments).where(and(eq(transportSegments.tenant, tenant), inArray(transportSegments.urn, of("segment")))) : [],
  ]);
  const caseUrns = [...new Set([...of("case"), ...[demandRows, reviewRows, reservationRows, waveRows, segmentRows].flat().map((r) => r.caseUrn)])];
  const flights = await caseLabels({ ctx, input: { urns: caseUrns } });
  const onCase = (caseUrn: string) => flights[caseUrn]?.label ?? "a case";
  const caseHref = (caseUrn: string) => `/cases/${encodeURIComponent(caseUrn)}`;

  const entities: Record<string, EntityLabel> = {};
  for (const urn of Object.keys(flights)) entities[urn] = { label: onCase(urn), href: caseHref(urn) };
  for (const d of demandRows) entities[d.urn] = { label: `${capital(words(d.type))} demand, ${d.rooms} rooms · ${onCase(d.caseUrn)}`, href: caseHref(d.caseUrn) };
  for (const r of reviewRows) entities[r.urn] = { label: `${capital(words(r.category))} · ${onCase(r.caseUrn)}`, href: `/review/${encodeURIComponent(r.urn)}` };
  for (const r of reservationRows) entities[r.urn] = { label: `Reservation, group ${r.groupId} · ${onCase(r.caseUrn)}`, href: caseHref(r.caseUrn) };
  for (const w of waveRows) entities[w.urn] = { label: `Allocation wave · ${onCase(w.caseUrn)}`, href: `/waves/${encodeURIComponent(w.urn)}` };
  for (const s of segmentRows) entities[s.urn] = { label: `Ride · ${onCase(s.caseUrn)}`, href: caseHref(s.caseUrn) };

  // the people and policies the changes name (decided by, claimed by, policy) are named in the same lookups
  const named = subjectsIn(input.entries.flatMap((e) => e.changes));
  const policies = await policyNames({ ctx, input: { urns: [...of("policy"), ...policyUrnsIn(input.entries.map((e) => e.reason)), ...named] } });
  for (const urn of of("policy")) {
    const p = policies[urn];
    if (p) entities[urn] = { label: `“${p.name}” v${p.version}`, href: policyHref(urn) };
  }
  const users = await userNames({ ctx, input: { urns: [...input.entries.map((e) => e.actor), ...named] } });
  return { entities, policies, users };
}
