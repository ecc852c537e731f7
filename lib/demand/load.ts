import { and, eq } from "drizzle-orm";
import { requirePermission } from "@/lib/auth/require";
import { type CaseRow, demands, type DemandRow } from "@/db/schema";
import { loadCase, loadOpenCase } from "@/lib/cases/load";
import type { Ctx } from "@/lib/context";
import { notFound } from "@/lib/errors";
import { parseInput } from "@/lib/validation";
import { toDemand } from "@/lib/records/demand-record";
import { type Demand, DemandRef } from "@/lib/records/demand";
import { demandRoomTotals } from "@/lib/records/room-totals";

async function findDemand(ctx: Ctx, demandUrn: string): Promise<DemandRow> {
  const [row] = await ctx.db
    .select()
    .from(demands)
    .where(and(eq(demands.urn, demandUrn), eq(demands.tenant, ctx.principal.tenant)))
    .limit(1);
  if (!row) throw notFound(`Demand ${demandUrn}`);
  return row;
}

/**
 * A demand of the caller's tenant (404 otherwise) with its case, under the case's rules: airport
 * scope (403 OUT_OF_SCOPE), a FEED client only for cases it created (404).
 */
export async function loadDemand(ctx: Ctx, demandUrn: string): Promise<{ demand: DemandRow; caseRow: CaseRow }> {
  const demand = await findDemand(ctx, demandUrn);
  return { demand, caseRow: await loadCase(ctx, demand.caseUrn) };
}

/**
 * Before a decision: the case locked and open (409 CASE_CLOSED), then the demand read again under
 * that lock, so two decisions on one case's demands queue instead of racing.
 */
export async function loadDemandForChange(ctx: Ctx, demandUrn: string): Promise<{ demand: DemandRow; caseRow: CaseRow }> {
  const first = await findDemand(ctx, demandUrn);
  const caseRow = await loadOpenCase(ctx, first.caseUrn);
  return { demand: await findDemand(ctx, demandUrn), caseRow };
}

export async function getDemand({ ctx, input }: { ctx: Ctx; input: { demandUrn: string } }): Promise<Demand> {
  requirePermission(ctx, "read", "read demands");
  const { demandUrn } = parseInput(DemandRef, input);
  const { demand } = await loadDemand(ctx, demandUrn);
  const totals = await demandRoomTotals(ctx, { caseUrn: demand.caseUrn, tenant: demand.tenant });
  return toDemand(demand, totals.get(demand.urn));
}
