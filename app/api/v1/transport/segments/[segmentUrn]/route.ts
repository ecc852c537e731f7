// GET /api/v1/transport/segments/{segmentUrn} – one transport segment
import { handle } from "@/lib/api/handler";
import { getSegmentRoute } from "@/lib/api/routes/transport";
import { getSegment } from "@/lib/transport";

export const GET = handle(getSegmentRoute, ({ ctx, params }) => getSegment({ ctx, input: params }));
