// GET /api/v1/manual-review/{itemUrn} – one review item
import { handle } from "@/lib/api/handler";
import { getReviewItemRoute } from "@/lib/api/routes/review";
import { getReviewItem } from "@/lib/review/get";

export const GET = handle(getReviewItemRoute, ({ ctx, params }) =>
  getReviewItem({ ctx, input: params }),
);
