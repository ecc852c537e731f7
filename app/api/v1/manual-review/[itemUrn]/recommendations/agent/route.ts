// POST /api/v1/manual-review/{itemUrn}/recommendations/agent – ask the exception agent for recommendations
import { handle } from "@/lib/api/handler";
import { agentRecommendationsRoute } from "@/lib/api/routes/agent";
import { refreshAgentRecommendations } from "@/lib/agent/recommend";

export const POST = handle(agentRecommendationsRoute, ({ ctx, params }) => refreshAgentRecommendations({ ctx, input: params }));
