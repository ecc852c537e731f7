import { and, eq } from "drizzle-orm";
import { reviewItems } from "@/db/schema";
import { assertAirport } from "@/lib/auth/scope";
import type { Ctx } from "@/lib/context";
import { notFound } from "@/lib/errors";
import type { ReviewItem } from "./schemas";
import { toReviewItem } from "./to-record";

/** GET /manual-review/{itemUrn}: 404 in another tenant, 403 OUT_OF_SCOPE outside the caller's airports. */
export async function getReviewItem({
  ctx,
  itemUrn,
}: {
  ctx: Ctx;
  itemUrn: string;
}): Promise<ReviewItem> {
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
  assertAirport(ctx.principal, row.airport ?? "unknown");
  return toReviewItem(row);
}
