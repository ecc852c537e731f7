// POST /api/v1/transport/segments/{segmentUrn}/vehicle – assign a vehicle by hand, with a reason
import { handle } from "@/lib/api/handler";
import { assignSegmentVehicleRoute } from "@/lib/api/routes/transport";
import { assignSegmentVehicle } from "@/lib/transport";

export const POST = handle(assignSegmentVehicleRoute, ({ ctx, params, body }) => assignSegmentVehicle({ ctx, input: { ...body, ...params } }));
