"use server";

import { revalidatePath } from "next/cache";
import { cancelReservation } from "@/lib/booking";
import { consoleAction } from "@/lib/console/action-result";
import { reportProblem } from "@/lib/quality/report-problem";
import type { ProblemBody } from "@/lib/quality/schemas";

/** The reservations panel's cancel: the same verb as POST /booking/reservations/{urn}/cancel, with the user's context. */
export async function cancelReservationAction(reservationUrn: string, reason: string, rehouse: boolean) {
  return consoleAction(async (ctx) => {
    const record = await cancelReservation({ ctx, input: { reservationUrn, reason, rehouse } });
    revalidatePath(`/cases/${encodeURIComponent(record.caseUrn)}`);
    return { status: record.status };
  }, reservationUrn);
}

/** The reservations panel's "Report a problem": the same verb as POST /booking/reservations/{urn}/problems. */
export async function reportProblemAction(reservationUrn: string, tags: string[], note: string) {
  return consoleAction(async (ctx) => {
    const rating = await reportProblem({ ctx, input: { reservationUrn, tags: tags as ProblemBody["tags"], note } });
    revalidatePath("/cases", "layout");
    return { urn: rating.urn };
  }, reservationUrn);
}
