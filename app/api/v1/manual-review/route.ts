// GET /api/v1/manual-review – the review queue: items by state, priority, category, case and airport
import { handle } from "@/lib/api/handler";
import { listReviewItemsRoute } from "@/lib/api/routes/review";
import { listReviewItems } from "@/lib/review/list";

export const GET = handle(listReviewItemsRoute, ({ ctx, query }) =>
  listReviewItems({ ctx, input: query }),
);
