// POST /api/v1/capacity-calls/{callUrn}/answers – a contracted hotel offers rooms for the call's night
import { handle } from "@/lib/api/handler";
import { answerCapacityCallRoute } from "@/lib/api/routes/capacity";
import { answerCapacityCall } from "@/lib/capacity/answer";

export const POST = handle(answerCapacityCallRoute, ({ ctx, params, body }) => answerCapacityCall({ ctx, input: { ...params, ...body } }));
