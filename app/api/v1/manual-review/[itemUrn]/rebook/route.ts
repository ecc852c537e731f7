// POST /api/v1/manual-review/{itemUrn}/rebook – book the item's groups at another hotel, with a reason
import { handle } from "@/lib/api/handler";
import { rebookReviewItemRoute } from "@/lib/api/routes/review";
import { rebookReviewItem } from "@/lib/review/rebook";

export const POST = handle(rebookReviewItemRoute, ({ ctx, params, body }) => rebookReviewItem({ ctx, input: { ...body, ...params } }));
