// GET /api/v1/capacity-calls/{callUrn} – a capacity call, the hotels it went to and their answers so far
import { handle } from "@/lib/api/handler";
import { getCapacityCallRoute } from "@/lib/api/routes/capacity";
import { getCapacityCall } from "@/lib/capacity/record";

export const GET = handle(getCapacityCallRoute, ({ ctx, params }) => getCapacityCall({ ctx, input: params }));
