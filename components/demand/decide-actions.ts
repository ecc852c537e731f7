"use server";

import { revalidatePath } from "next/cache";
import { approvalNotice } from "@/components/cases/approval-notice";
import { consoleAction } from "@/lib/console/action-result";
import { approveDemand, rejectDemand } from "@/lib/demand";

// A demand decided from the board's waiting list or the review queue: the same verbs as the case
// page and POST /demand/{urn}/approve|reject (permission, audit, event inside them); only what is
// refreshed differs, as the demand leaves both lists.
function refresh(caseUrn: string) {
  revalidatePath("/board");
  revalidatePath("/review");
  revalidatePath(`/cases/${encodeURIComponent(caseUrn)}`);
}

export async function approveWaitingDemandAction(demandUrn: string, reason: string) {
  return consoleAction(async (ctx) => {
    const demand = await approveDemand({ ctx, input: { demandUrn, reason } });
    refresh(demand.caseUrn);
    return { status: demand.status, notice: approvalNotice(demand) };
  }, demandUrn);
}

export async function rejectWaitingDemandAction(demandUrn: string, reason: string) {
  return consoleAction(async (ctx) => {
    const demand = await rejectDemand({ ctx, input: { demandUrn, reason } });
    refresh(demand.caseUrn);
    return { status: demand.status };
  }, demandUrn);
}
