"use server";

import { revalidatePath } from "next/cache";
import { closeCase, reopenCase, splitGroup } from "@/lib/cases";
import { approvalNotice } from "@/components/cases/approval-notice";
import { consoleAction } from "@/lib/console/action-result";
import { approveDemand, createDemand, type CreateDemandInput, rejectDemand, requestRoomsForSplit } from "@/lib/demand";
import { erasePassenger } from "@/lib/privacy";

// Each action only builds the context and calls the verb the API calls: the verb parses the input,
// checks the permission and the airport scope, and answers the same refusals.

function refresh(caseUrn?: string) {
  revalidatePath("/cases");
  if (caseUrn) revalidatePath(`/cases/${encodeURIComponent(caseUrn)}`);
}

export async function createDemandAction(caseUrn: string, raw: unknown) {
  return consoleAction(async (ctx) => {
    const demand = await createDemand({ ctx, input: { ...(raw as CreateDemandInput), caseUrn } });
    refresh(caseUrn);
    return { ...demand, notice: approvalNotice(demand) };
  }, caseUrn);
}

export async function approveDemandAction(demandUrn: string, reason: string) {
  return consoleAction(async (ctx) => {
    const demand = await approveDemand({ ctx, input: { demandUrn, reason } });
    refresh(demand.caseUrn);
    return { ...demand, notice: approvalNotice(demand) };
  }, demandUrn);
}

export async function rejectDemandAction(demandUrn: string, reason: string) {
  return consoleAction(async (ctx) => {
    const demand = await rejectDemand({ ctx, input: { demandUrn, reason } });
    refresh(demand.caseUrn);
    return demand;
  }, demandUrn);
}

export async function closeCaseAction(caseUrn: string, reason: string) {
  return consoleAction(async (ctx) => {
    const record = await closeCase({ ctx, input: { caseUrn, reason } });
    refresh(caseUrn);
    return { status: record.status };
  }, caseUrn);
}

export async function reopenCaseAction(caseUrn: string, reason: string) {
  return consoleAction(async (ctx) => {
    const record = await reopenCase({ ctx, input: { caseUrn, reason } });
    refresh(caseUrn);
    return { status: record.status };
  }, caseUrn);
}

export async function erasePassengerAction(caseUrn: string, passengerId: string, reason: string) {
  return consoleAction(async (ctx) => {
    await erasePassenger({ ctx, input: { caseUrn, passengerId, reason } });
    refresh(caseUrn);
    return { passengerId };
  }, caseUrn);
}

/** The split, then (when ticked) the rooms it adds, requested and approved as the caller may (lib/demand/rooms-for-split.ts). */
export async function splitGroupAction(caseUrn: string, groupId: string, body: { into: string[][]; reason: string; requestRooms?: number }) {
  return consoleAction(async (ctx) => {
    const { requestRooms = 0, ...split } = body;
    const record = await splitGroup({ ctx, input: { caseUrn, groupId, ...split } });
    const demand = await requestRoomsForSplit(ctx, record, { rooms: requestRooms, reason: split.reason });
    refresh(caseUrn);
    return { groups: record.passengerGroups.length, demand: demand && { rooms: demand.roomsRequested, status: demand.status } };
  }, caseUrn);
}
