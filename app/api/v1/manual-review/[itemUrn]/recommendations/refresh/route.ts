// POST /api/v1/manual-review/{itemUrn}/recommendations/refresh – run the recommender again
import { handle } from "@/lib/api/handler";
import { refreshRecommendationsRoute } from "@/lib/api/routes/review";
import { refreshRecommendations } from "@/lib/review/refresh";

export const POST = handle(refreshRecommendationsRoute, ({ ctx, params }) => refreshRecommendations({ ctx, input: params }));
