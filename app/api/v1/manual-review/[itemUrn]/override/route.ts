// POST /api/v1/manual-review/{itemUrn}/override – book a given offer for the item's groups, with a reason
import { handle } from "@/lib/api/handler";
import { overrideReviewItemRoute } from "@/lib/api/routes/review";
import { overrideReviewItem } from "@/lib/review/override";

export const POST = handle(overrideReviewItemRoute, ({ ctx, params, body }) => overrideReviewItem({ ctx, input: { ...body, ...params } }));
