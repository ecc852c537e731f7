"use server";

import { revalidatePath } from "next/cache";
import { consoleAction } from "@/lib/console/action-result";
import { assignSegmentVehicle, cancelSegment, retimeSegment } from "@/lib/transport";
import type { VehicleType } from "@/lib/vocabulary";

// Each action builds the user's context and calls the verb the API calls: the verb parses the
// input, checks the permission, the airport scope, the case and the transition itself.

function refresh(caseUrn: string) {
  revalidatePath("/transport");
  revalidatePath(`/cases/${encodeURIComponent(caseUrn)}`);
}

export async function retimeSegmentAction(segmentUrn: string, scheduledAt: string, reason: string) {
  return consoleAction(async (ctx) => {
    const s = await retimeSegment({ ctx, input: { segmentUrn, scheduledAt, reason } });
    refresh(s.caseUrn);
    return { status: s.status, scheduledAt: s.scheduledAt };
  }, segmentUrn);
}

export async function assignVehicleAction(segmentUrn: string, input: { vehicleId: string; vehicleType?: VehicleType; driverName?: string; driverPhone?: string }, reason: string) {
  return consoleAction(async (ctx) => {
    const s = await assignSegmentVehicle({ ctx, input: { segmentUrn, ...input, reason } });
    refresh(s.caseUrn);
    return { status: s.status };
  }, segmentUrn);
}

export async function cancelSegmentAction(segmentUrn: string, reason: string) {
  return consoleAction(async (ctx) => {
    const s = await cancelSegment({ ctx, input: { segmentUrn, reason } });
    refresh(s.caseUrn);
    return { status: s.status };
  }, segmentUrn);
}
