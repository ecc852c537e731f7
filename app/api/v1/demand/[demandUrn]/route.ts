// GET /api/v1/demand/{demandUrn} – one demand with its decision record
import { handle } from "@/lib/api/handler";
import { getDemandRoute } from "@/lib/api/routes/demand";
import { getDemand } from "@/lib/demand/load";

export const GET = handle(getDemandRoute, ({ ctx, params }) => getDemand({ ctx, input: params }));
