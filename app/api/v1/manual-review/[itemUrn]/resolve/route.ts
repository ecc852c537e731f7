// POST /api/v1/manual-review/{itemUrn}/resolve – close the item; the case returns to the normal flow
import { handle } from "@/lib/api/handler";
import { resolveReviewItemRoute } from "@/lib/api/routes/review";
import { resolveReviewItem } from "@/lib/review/resolve";

export const POST = handle(resolveReviewItemRoute, ({ ctx, params, body }) => resolveReviewItem({ ctx, input: { ...body, ...params } }));
