// POST /api/v1/transport/segments/{segmentUrn}/retime – move a pickup, with a reason
import { handle } from "@/lib/api/handler";
import { retimeSegmentRoute } from "@/lib/api/routes/transport";
import { retimeSegment } from "@/lib/transport";

export const POST = handle(retimeSegmentRoute, ({ ctx, params, body }) => retimeSegment({ ctx, input: { ...body, ...params } }));
