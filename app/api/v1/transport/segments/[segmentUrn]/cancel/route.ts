// POST /api/v1/transport/segments/{segmentUrn}/cancel – cancel a ride, with a reason
import { handle } from "@/lib/api/handler";
import { cancelSegmentRoute } from "@/lib/api/routes/transport";
import { cancelSegment } from "@/lib/transport";

export const POST = handle(cancelSegmentRoute, ({ ctx, params, body }) => cancelSegment({ ctx, input: { ...body, ...params } }));
