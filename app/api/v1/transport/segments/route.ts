// GET /api/v1/transport/segments – list transport segments; POST – create one by hand
import { handle } from "@/lib/api/handler";
import { created } from "@/lib/api/reply";
import { createSegmentRoute, listSegmentsRoute } from "@/lib/api/routes/transport";
import { createSegment, listSegments } from "@/lib/transport";

export const GET = handle(listSegmentsRoute, ({ ctx, query }) => listSegments({ ctx, input: query }));

export const POST = handle(createSegmentRoute, async ({ ctx, body }) => {
  const record = await createSegment({ ctx, input: body });
  return created(record, `/api/v1/transport/segments/${record.urn}`);
});
