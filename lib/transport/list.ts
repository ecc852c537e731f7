import { and, asc, eq, gt, or } from "drizzle-orm";
import type { z } from "zod";
import { cases, transportSegments } from "@/db/schema";
import { decodeCursor, paginate } from "@/lib/http/cursor";
import { requirePermission } from "@/lib/auth/require";
import { caseListScope } from "@/lib/cases/list-scope";
import type { Ctx } from "@/lib/context";
import { parseInput } from "@/lib/validation";
import { type Segment, SegmentListQuery } from "./schemas";
import { toSegment } from "./to-record";

/**
 * GET /transport/segments: the tenant's segments in the caller's airports (the airport of their
 * case), by pickup time then URN (the keyset). A FEED client lists only segments of cases it
 * created. Filtering on an airport outside the claims is 403.
 */
export async function listSegments({ ctx, input: raw }: { ctx: Ctx; input: z.input<typeof SegmentListQuery> }): Promise<{ items: Segment[]; nextCursor: string | null }> {
  requirePermission(ctx, "case:read", "list transport segments");
  const input = parseInput(SegmentListQuery, raw);
  const where = caseListScope(ctx, transportSegments.tenant, input.airport);
  if (input.status) where.push(eq(transportSegments.status, input.status));
  if (input.caseUrn) where.push(eq(transportSegments.caseUrn, input.caseUrn));
  if (input.direction) where.push(eq(transportSegments.direction, input.direction));
  const after = decodeCursor(input.cursor, ["time", "urn"]);
  if (after) {
    const [at, urn] = after as [string, string];
    const time = new Date(at);
    where.push(or(gt(transportSegments.scheduledAt, time), and(eq(transportSegments.scheduledAt, time), gt(transportSegments.urn, urn)))!);
  }
  const rows = await ctx.db
    .select({ row: transportSegments })
    .from(transportSegments)
    .innerJoin(cases, eq(cases.urn, transportSegments.caseUrn))
    .where(and(...where))
    .orderBy(asc(transportSegments.scheduledAt), asc(transportSegments.urn))
    .limit(input.limit + 1);
  const page = paginate(rows, input.limit, (r) => [r.row.scheduledAt.toISOString(), r.row.urn]);
  return { items: page.items.map((r) => toSegment(r.row)), nextCursor: page.nextCursor };
}
