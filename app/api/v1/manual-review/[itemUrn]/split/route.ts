// POST /api/v1/manual-review/{itemUrn}/split – split one of the item's groups, with a reason
import { handle } from "@/lib/api/handler";
import { splitReviewItemRoute } from "@/lib/api/routes/review";
import { splitReviewItem } from "@/lib/review/split";

export const POST = handle(splitReviewItemRoute, ({ ctx, params, body }) => splitReviewItem({ ctx, input: { ...body, ...params } }));
