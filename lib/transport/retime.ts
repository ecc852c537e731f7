import type { z } from "zod";
import type { Ctx } from "@/lib/context";
import { parseInput } from "@/lib/validation";
import { changeSegment } from "./change";
import { RetimeSegmentBody, type Segment } from "./schemas";

/** POST /transport/segments/{urn}/retime: a new pickup time; the status and the vehicle stay. */
export async function retimeSegment({ ctx, input }: { ctx: Ctx; input: z.input<typeof RetimeSegmentBody> & { segmentUrn: string } }): Promise<Segment> {
  const body = parseInput(RetimeSegmentBody, { scheduledAt: input.scheduledAt, reason: input.reason });
  return changeSegment(ctx, { segmentUrn: input.segmentUrn, action: "retime", reason: body.reason, what: "re-time a transport segment", patch: () => ({ scheduledAt: new Date(body.scheduledAt) }) });
}
