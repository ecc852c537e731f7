import { and, eq } from "drizzle-orm";
import { type CaseRow, transportSegments, type TransportSegmentRow } from "@/db/schema";
import { loadCase } from "@/lib/cases/load";
import type { Ctx } from "@/lib/context";
import { DomainError, notFound } from "@/lib/errors";

/** The segment row, locked; call after locking its case (the case first, always: no deadlock with the planner). */
export async function lockSegment(ctx: Ctx, urn: string): Promise<TransportSegmentRow> {
  const [row] = await ctx.db.select().from(transportSegments).where(eq(transportSegments.urn, urn)).limit(1).for("update");
  return row;
}

/**
 * A segment the caller may see, with its case: another tenant's (or, for a FEED client, one of a
 * case it did not create) is a 404; an airport outside the claims is 403 OUT_OF_SCOPE.
 */
export async function loadSegment(ctx: Ctx, urn: string): Promise<{ row: TransportSegmentRow; caseRow: CaseRow }> {
  const [row] = await ctx.db
    .select()
    .from(transportSegments)
    .where(and(eq(transportSegments.urn, urn), eq(transportSegments.tenant, ctx.principal.tenant)))
    .limit(1);
  if (!row) throw notFound(`Segment ${urn}`);
  try {
    return { row, caseRow: await loadCase(ctx, row.caseUrn) };
  } catch (err) {
    // the case's own 404 would name the case: a segment the caller may not see is simply not found
    if (err instanceof DomainError && err.status === 404) throw notFound(`Segment ${urn}`);
    throw err;
  }
}
