// POST /api/v1/airports/{code}/capacity-calls – a supervisor asks the airport's contracted hotels for rooms tonight
import { handle } from "@/lib/api/handler";
import { createCapacityCallRoute } from "@/lib/api/routes/capacity";
import { callHotels } from "@/lib/capacity/call";

export const POST = handle(createCapacityCallRoute, ({ ctx, params, body }) => callHotels({ ctx, input: { airport: params.code, ...body } }));
