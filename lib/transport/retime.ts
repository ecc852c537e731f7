import type { z } from "zod";
import { requirePermission } from "@/lib/auth/require";
import type { Ctx } from "@/lib/context";
import { parseInput } from "@/lib/validation";
import { changeSegment } from "./change";
import { RetimeSegmentBody, type Segment } from "./schemas";

/** POST /transport/segments/{urn}/retime: a new pickup time; the status and the vehicle stay. */
export async function retimeSegment({ ctx, input }: { ctx: Ctx; input: z.input<typeof RetimeSegmentBody> & { segmentUrn: string } }): Promise<Segment> {
  // the permission before the body, as every verb (changeSegment checks it again, with the segment)
  requirePermission(ctx, "transport:write", "re-time a transport segment");
  const body = parseInput(RetimeSegmentBody, { scheduledAt: input.scheduledAt, reason: input.reason });
  return changeSegment(ctx, { segmentUrn: input.segmentUrn, action: "retime", reason: body.reason, what: "re-time a transport segment", patch: () => ({ scheduledAt: new Date(body.scheduledAt) }) });
}
