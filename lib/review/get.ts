import { and, eq } from "drizzle-orm";
import { reviewItems } from "@/db/schema";
import { requireAirport, requirePermission } from "@/lib/auth/require";
import type { Ctx } from "@/lib/context";
import { notFound } from "@/lib/errors";
import { parseInput } from "@/lib/validation";
import { type ReviewItem, ReviewItemRef } from "@/lib/records/review";
import { toReviewItem } from "@/lib/records/review-item";

/** GET /manual-review/{itemUrn}: 404 in another tenant, 403 OUT_OF_SCOPE outside the caller's airports. */
export async function getReviewItem({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { itemUrn: string };
}): Promise<ReviewItem> {
  requirePermission(ctx, "read", "read review items");
  const { itemUrn } = parseInput(ReviewItemRef, input);
  const [row] = await ctx.db
    .select()
    .from(reviewItems)
    .where(
      and(
        eq(reviewItems.urn, itemUrn),
        eq(reviewItems.tenant, ctx.principal.tenant),
      ),
    )
    .limit(1);
  if (!row) throw notFound(`Review item ${itemUrn}`);
  // an item without an airport (createReviewItem always sets one) is visible only to all-airport principals
  requireAirport(ctx, row.airport ?? "unknown");
  return toReviewItem(row);
}
