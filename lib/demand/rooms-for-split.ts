import { mayDo, requirePermission } from "@/lib/auth/require";
import type { Ctx } from "@/lib/context";
import type { Demand } from "@/lib/records/demand";
import { createDemand } from "./create";
import { approveDemand } from "./decide";
import { hasApprovedInitial, roomsRequested } from "./rules";

type CaseAfterSplit = { urn: string; roomsNeeded: number; demands: readonly { type: string; status: string; roomsRequested: number }[] };

/**
 * A split on the case page that needs more rooms than the case has requested (a couple split into
 * two singles needs two rooms where it had one) asks for them in the same gesture, when the person
 * ticked it: an INCREMENTAL demand for at most `rooms`, capped at what the manifest now needs beyond
 * every live request, approved by the policy or, when the policy leaves it to a person and the caller
 * may decide demands, by the caller with the split's reason. Without it the new group waited for a
 * room request nobody had been told of ("no rooms requested for the group"). Answers the demand, or
 * null when nothing was asked (no approved INITIAL yet: the groups wait for it like every other).
 */
export async function requestRoomsForSplit(ctx: Ctx, after: CaseAfterSplit, { rooms, reason }: { rooms: number; reason: string }): Promise<Demand | null> {
  requirePermission(ctx, "demand:create", "request rooms");
  if (!Number.isInteger(rooms) || rooms <= 0 || !hasApprovedInitial(after.demands)) return null;
  const wanted = Math.min(rooms, Math.max(0, after.roomsNeeded - roomsRequested(after.demands)));
  if (wanted === 0) return null;
  const demand = await createDemand({ ctx, input: { caseUrn: after.urn, type: "INCREMENTAL", roomsRequested: wanted } });
  if (demand.status !== "REQUESTED" || !mayDo(ctx, "demand:decide")) return demand;
  return approveDemand({ ctx, input: { demandUrn: demand.urn, reason: `rooms for a split: ${reason}` } });
}
