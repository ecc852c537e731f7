// POST /api/v1/manual-review/{itemUrn}/release – hand a claimed item back to the queue (our addition)
import { handle } from "@/lib/api/handler";
import { releaseReviewItemRoute } from "@/lib/api/routes/review";
import { releaseReviewItem } from "@/lib/review/claim";

export const POST = handle(releaseReviewItemRoute, ({ ctx, params, body }) => releaseReviewItem({ ctx, input: { ...body, ...params } }));
