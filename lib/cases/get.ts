import { and, asc, desc, eq } from "drizzle-orm";
import { allocationWaves, demands, reservations, reviewItems, type CaseRow } from "@/db/schema";
import { requirePermission } from "@/lib/auth/require";
import type { Ctx } from "@/lib/context";
import { demandRoomTotals } from "@/lib/records/room-totals";
import { parseInput, shapeRecord } from "@/lib/validation";
import { airportTimeZone } from "./airports";
import { CaseRef } from "./inputs";
import { loadCase } from "./load";
import { readManifest } from "./manifest";
import { Case } from "./records";
import { toCaseRecord } from "./to-record";

/** GET /cases/{caseUrn}: the case record, if the caller may see it. */
export async function getCase({ ctx, input }: { ctx: Ctx; input: { caseUrn: string } }): Promise<Case> {
  requirePermission(ctx, "case:read", "read cases");
  const { caseUrn } = parseInput(CaseRef, input);
  return readCaseRecord(ctx, await loadCase(ctx, caseUrn));
}

/**
 * The record of a case row already loaded (and checked) by the caller, checked against the
 * response schema: write verbs call it inside their transaction, so a record the API could not
 * answer rolls the change back.
 */
export async function readCaseRecord(ctx: Ctx, row: CaseRow): Promise<Case> {
  const tenant = row.tenant;
  const groups = await readManifest(ctx, row.urn);
  const [wave] = await ctx.db
    .select({
      urn: allocationWaves.urn,
      demandUrn: allocationWaves.demandUrn,
      status: allocationWaves.status,
      allocations: allocationWaves.allocations,
      held: allocationWaves.held,
      totalCost: allocationWaves.totalCost,
      createdAt: allocationWaves.createdAt,
    })
    .from(allocationWaves)
    .where(and(eq(allocationWaves.caseUrn, row.urn), eq(allocationWaves.tenant, tenant)))
    .orderBy(desc(allocationWaves.createdAt), desc(allocationWaves.urn))
    .limit(1);
  const reservationRows = await ctx.db
    .select()
    .from(reservations)
    .where(and(eq(reservations.tenant, tenant), eq(reservations.caseUrn, row.urn)))
    .orderBy(asc(reservations.createdAt), asc(reservations.urn));
  const items = await ctx.db
    .select()
    .from(reviewItems)
    .where(and(eq(reviewItems.caseUrn, row.urn), eq(reviewItems.tenant, tenant)))
    .orderBy(asc(reviewItems.createdAt), asc(reviewItems.urn));
  const demandRows = await ctx.db
    .select()
    .from(demands)
    .where(and(eq(demands.caseUrn, row.urn), eq(demands.tenant, tenant)))
    .orderBy(asc(demands.createdAt), asc(demands.urn));
  const timeZone = await airportTimeZone(ctx, row.airport);
  const demandRooms = demandRows.length ? await demandRoomTotals(ctx, { caseUrn: row.urn, tenant }, reservationRows) : new Map();
  return shapeRecord(Case, toCaseRecord({ row, groups, wave: wave ?? null, reservations: reservationRows, reviewItems: items, demands: demandRows, demandRooms, timeZone }));
}
