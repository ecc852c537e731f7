import { requirePermission } from "@/lib/auth/require";
import type { Ctx } from "@/lib/context";
import { loadSegment } from "./load";
import type { Segment } from "./schemas";
import { toSegment } from "./to-record";

/** GET /transport/segments/{segmentUrn} */
export async function getSegment({ ctx, input }: { ctx: Ctx; input: { segmentUrn: string } }): Promise<Segment> {
  requirePermission(ctx, "case:read", "read a transport segment");
  const { row } = await loadSegment(ctx, input.segmentUrn);
  return toSegment(row);
}
