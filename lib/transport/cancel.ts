import type { z } from "zod";
import { requirePermission } from "@/lib/auth/require";
import type { Ctx } from "@/lib/context";
import { parseInput } from "@/lib/validation";
import { changeSegment } from "./change";
import { CancelSegmentBody, type Segment } from "./schemas";

/** POST /transport/segments/{urn}/cancel: CANCELLED with the reason; a fleet vehicle is released. */
export async function cancelSegment({ ctx, input }: { ctx: Ctx; input: z.input<typeof CancelSegmentBody> & { segmentUrn: string } }): Promise<Segment> {
  // the permission before the body, as every verb (changeSegment checks it again, with the segment)
  requirePermission(ctx, "transport:write", "cancel a transport segment");
  const body = parseInput(CancelSegmentBody, { reason: input.reason });
  return changeSegment(ctx, { segmentUrn: input.segmentUrn, action: "cancel", reason: body.reason, what: "cancel a transport segment", patch: () => ({ status: "CANCELLED", cancellationReason: body.reason }) });
}
