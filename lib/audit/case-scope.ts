import { and, eq, inArray, type SQL } from "drizzle-orm";
import { unionAll } from "drizzle-orm/pg-core";
import { allocationWaves, auditEntries, cases, demands, reservations, reviewItems, transportSegments } from "@/db/schema";
import type { DbOrTx } from "@/db/client";

/**
 * The audit entries of a case as a person means it: the case's own and those of every record that
 * belongs to it (its demands, waves, reservations, transport segments and review items), so a
 * demand's approval or a ride's retime shows on the case's audit. One statement: the records'
 * URNs come from their case indexes and meet the audit's (tenant, entity_urn) index, so the cost
 * follows the case's size, not the audit table's (measured on a 3,000-passenger case in
 * tests/integration/audit/case-scope.test.ts).
 */
export function caseScope(db: DbOrTx, tenant: string, caseUrn: string): SQL {
  const urns = unionAll(
    db.select({ urn: cases.urn }).from(cases).where(and(eq(cases.tenant, tenant), eq(cases.urn, caseUrn))),
    db.select({ urn: demands.urn }).from(demands).where(and(eq(demands.tenant, tenant), eq(demands.caseUrn, caseUrn))),
    db.select({ urn: allocationWaves.urn }).from(allocationWaves).where(and(eq(allocationWaves.tenant, tenant), eq(allocationWaves.caseUrn, caseUrn))),
    db.select({ urn: reservations.urn }).from(reservations).where(and(eq(reservations.tenant, tenant), eq(reservations.caseUrn, caseUrn))),
    db.select({ urn: transportSegments.urn }).from(transportSegments).where(and(eq(transportSegments.tenant, tenant), eq(transportSegments.caseUrn, caseUrn))),
    db.select({ urn: reviewItems.urn }).from(reviewItems).where(and(eq(reviewItems.tenant, tenant), eq(reviewItems.caseUrn, caseUrn))),
  );
  return inArray(auditEntries.entityUrn, urns);
}
