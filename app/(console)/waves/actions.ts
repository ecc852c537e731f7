"use server";

import { revalidatePath } from "next/cache";
import { rerunWave } from "@/lib/allocation";
import { overrideWave } from "@/lib/booking";
import { consoleAction } from "@/lib/console/action-result";

// Each action only builds the context and calls the verb the API calls: the verb parses the input,
// checks the permission and the airport scope, refuses a closed case, and audits the change.

function refresh(caseUrn: string, ...waveUrns: string[]) {
  revalidatePath(`/cases/${encodeURIComponent(caseUrn)}`);
  for (const urn of waveUrns) revalidatePath(`/waves/${encodeURIComponent(urn)}`);
}

/** Moves one group of the wave to another of its candidate hotels, with a reason. */
export async function overrideWaveAction(waveUrn: string, input: { groupId: string; hotelUrn: string; reason: string }) {
  return consoleAction(async (ctx) => {
    const wave = await overrideWave({ ctx, input: { waveUrn, groupId: input.groupId, hotelUrn: input.hotelUrn, reason: input.reason } });
    refresh(wave.caseUrn, waveUrn);
    return { waveUrn: wave.urn, status: wave.status };
  }, waveUrn);
}

/** Places the case's waiting groups again as a new wave; answers its URN so the page can open it. */
export async function rerunWaveAction(waveUrn: string, reason: string) {
  return consoleAction(async (ctx) => {
    const wave = await rerunWave({ ctx, input: { waveUrn, reason } });
    refresh(wave.caseUrn, waveUrn, wave.urn);
    return { waveUrn: wave.urn, status: wave.status };
  }, waveUrn);
}
