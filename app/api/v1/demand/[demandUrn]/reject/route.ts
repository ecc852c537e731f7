// POST /api/v1/demand/{demandUrn}/reject – a supervisor rejects a REQUESTED demand
import { handle } from "@/lib/api/handler";
import { rejectDemandRoute } from "@/lib/api/routes/demand";
import { rejectDemand } from "@/lib/demand/decide";

export const POST = handle(rejectDemandRoute, ({ ctx, params, body }) => rejectDemand({ ctx, input: { ...params, ...body } }));
