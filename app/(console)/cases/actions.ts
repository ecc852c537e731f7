"use server";

import { revalidatePath } from "next/cache";
import { ReasonBody } from "@/lib/api/reason";
import { sessionCtx } from "@/lib/auth/session-ctx";
import { closeCase } from "@/lib/cases/close";
import { reopenCase } from "@/lib/cases/reopen";
import { authorize } from "@/lib/console/authorize";
import { runAction } from "@/lib/console/action-result";
import { createDemand } from "@/lib/demand/create";
import { approveDemand, rejectDemand } from "@/lib/demand/decide";
import { DemandInput } from "@/lib/demand/schemas";

// Each action parses with the API's own schema (a reason is a non-empty string after trimming),
// checks the permission the API route names, then calls the same service verb as the API.

function refresh(caseUrn?: string) {
  revalidatePath("/cases");
  if (caseUrn) revalidatePath(`/cases/${encodeURIComponent(caseUrn)}`);
}

export async function createDemandAction(caseUrn: string, raw: unknown) {
  return runAction(async () => {
    const ctx = await sessionCtx();
    await authorize(ctx, "demand:create", "create a demand", caseUrn);
    const demand = await createDemand({ ctx, caseUrn, input: DemandInput.parse(raw) });
    refresh(caseUrn);
    return demand;
  });
}

export async function approveDemandAction(demandUrn: string, reason: string) {
  return runAction(async () => {
    const ctx = await sessionCtx();
    await authorize(ctx, "demand:decide", "approve a demand", demandUrn);
    const demand = await approveDemand({ ctx, demandUrn, reason: ReasonBody.parse({ reason }).reason });
    refresh(demand.caseUrn);
    return demand;
  });
}

export async function rejectDemandAction(demandUrn: string, reason: string) {
  return runAction(async () => {
    const ctx = await sessionCtx();
    await authorize(ctx, "demand:decide", "reject a demand", demandUrn);
    const demand = await rejectDemand({ ctx, demandUrn, reason: ReasonBody.parse({ reason }).reason });
    refresh(demand.caseUrn);
    return demand;
  });
}

export async function closeCaseAction(caseUrn: string, reason: string) {
  return runAction(async () => {
    const ctx = await sessionCtx();
    await authorize(ctx, "case:close", "close a case", caseUrn);
    const record = await closeCase({ ctx, input: { caseUrn, reason: ReasonBody.parse({ reason }).reason } });
    refresh(caseUrn);
    return { status: record.status };
  });
}

export async function reopenCaseAction(caseUrn: string, reason: string) {
  return runAction(async () => {
    const ctx = await sessionCtx();
    await authorize(ctx, "case:reopen", "reopen a case", caseUrn);
    const record = await reopenCase({ ctx, input: { caseUrn, reason: ReasonBody.parse({ reason }).reason } });
    refresh(caseUrn);
    return { status: record.status };
  });
}
