import { and, asc, eq, gt, inArray, ne, type SQL } from "drizzle-orm";
import { reviewItems } from "@/db/schema";
import { decodeCursor, paginate } from "@/lib/http/cursor";
import type { z } from "zod";
import { requireAirport, requirePermission } from "@/lib/auth/require";
import { airportFilter } from "@/lib/auth/scope";
import type { Ctx } from "@/lib/context";
import { parseInput } from "@/lib/validation";
import { type ReviewItem, ReviewListQuery } from "@/lib/records/review";
import { toReviewItem } from "@/lib/records/review-item";

/**
 * GET /manual-review: the tenant's review items in the caller's airports, oldest first. The URN
 * (UUIDv7) is both the order and the keyset, so paging stays exact while items are claimed or
 * resolved; the console groups the page by priority. Filtering on an airport outside the caller's
 * claims is 403 OUT_OF_SCOPE, not an empty page.
 */
export async function listReviewItems({
  ctx,
  input: raw,
}: {
  ctx: Ctx;
  /** unresolvedOnly (console only): OPEN and CLAIMED items, the working queue */
  input: z.input<typeof ReviewListQuery> & { unresolvedOnly?: boolean };
}): Promise<{ items: ReviewItem[]; nextCursor: string | null }> {
  requirePermission(ctx, "read", "list review items");
  const input = { ...parseInput(ReviewListQuery, raw), unresolvedOnly: raw.unresolvedOnly === true };
  const where: SQL[] = [eq(reviewItems.tenant, ctx.principal.tenant)];
  if (input.airport) {
    requireAirport(ctx, input.airport);
    where.push(eq(reviewItems.airport, input.airport));
  }
  const airports = airportFilter(ctx.principal);
  if (airports) where.push(inArray(reviewItems.airport, airports));
  const state = input.state ?? input.status;
  if (state) where.push(eq(reviewItems.state, state));
  else if (input.unresolvedOnly) where.push(ne(reviewItems.state, "RESOLVED"));
  if (input.priority) where.push(eq(reviewItems.priority, input.priority));
  if (input.category) where.push(eq(reviewItems.category, input.category));
  if (input.caseUrn) where.push(eq(reviewItems.caseUrn, input.caseUrn));
  const after = decodeCursor(input.cursor);
  if (after) where.push(gt(reviewItems.urn, String(after[0])));

  const rows = await ctx.db
    .select()
    .from(reviewItems)
    .where(and(...where))
    .orderBy(asc(reviewItems.urn))
    .limit(input.limit + 1);
  const page = paginate(rows, input.limit, (r) => [r.urn]);
  return { items: page.items.map(toReviewItem), nextCursor: page.nextCursor };
}
