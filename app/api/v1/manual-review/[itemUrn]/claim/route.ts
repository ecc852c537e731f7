// POST /api/v1/manual-review/{itemUrn}/claim – take the item (no body)
import { handle } from "@/lib/api/handler";
import { claimReviewItemRoute } from "@/lib/api/routes/review";
import { claimReviewItem } from "@/lib/review/claim";

export const POST = handle(claimReviewItemRoute, ({ ctx, params }) => claimReviewItem({ ctx, input: params }));
