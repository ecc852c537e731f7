"use server";

import { revalidatePath } from "next/cache";
import { approvalNotice } from "@/components/cases/approval-notice";
import { consoleAction } from "@/lib/console/action-result";
import { manifestOfFile } from "@/lib/cases/manifest-file";
import { openCaseInConsole, previewNewCase } from "@/lib/cases/open-in-console";
import { createDemand } from "@/lib/demand";

/** The manifest as the case would hold it, or its rows to fix: nothing is written. */
export async function previewNewCaseAction(manifest: string) {
  return consoleAction((ctx) => previewNewCase({ ctx, input: { manifest } }));
}

/** A chosen .xlsx or .csv file as the manifest's text, read as the bulk upload reads it. */
export async function manifestOfFileAction(data: FormData) {
  return consoleAction((ctx) => manifestOfFile({ ctx, input: { file: data.get("file") } }));
}

/**
 * Opens the case through the verb POST /cases calls; asked to, then requests the rooms its
 * manifest needs through the verb POST /demand/case/… calls (which the tenant's policy may approve
 * at once). A refused request still leaves the case open: the answer says so.
 */
export async function openCaseAction(form: unknown, requestRooms: boolean) {
  return consoleAction(async (ctx) => {
    const { record } = await openCaseInConsole({ ctx, input: form });
    revalidatePath("/cases");
    revalidatePath("/board");
    if (!requestRooms || record.roomsNeeded === 0 || record.demands.length > 0) return { caseUrn: record.urn, notice: null };
    try {
      const demand = await createDemand({ ctx, input: { caseUrn: record.urn, type: "INITIAL", roomsRequested: record.roomsNeeded } });
      const rooms = `${demand.roomsRequested} room${demand.roomsRequested === 1 ? "" : "s"}`;
      const said =
        demand.status === "REQUESTED" ? `${rooms} requested, waiting for a supervisor's approval` : `${rooms} requested and approved; allocation started`;
      return { caseUrn: record.urn, notice: approvalNotice(demand) ?? said };
    } catch (err) {
      const why = err instanceof Error ? err.message : "the request was refused";
      return { caseUrn: record.urn, notice: `The case is open, but the rooms were not requested: ${why}` };
    }
  });
}
