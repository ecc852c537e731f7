// POST /api/v1/manual-review/{itemUrn}/relax – relax policy constraints for this case only, with a reason
import { handle } from "@/lib/api/handler";
import { relaxReviewItemRoute } from "@/lib/api/routes/review";
import { relaxReviewItem } from "@/lib/review/relax";

export const POST = handle(relaxReviewItemRoute, ({ ctx, params, body }) => relaxReviewItem({ ctx, input: { ...body, ...params } }));
