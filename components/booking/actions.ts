"use server";

import { revalidatePath } from "next/cache";
import { cancelReservation } from "@/lib/booking";
import { consoleAction } from "@/lib/console/action-result";

/** The reservations panel's cancel: the same verb as POST /booking/reservations/{urn}/cancel, with the user's context. */
export async function cancelReservationAction(reservationUrn: string, reason: string, rehouse: boolean) {
  return consoleAction(async (ctx) => {
    const record = await cancelReservation({ ctx, input: { reservationUrn, reason, rehouse } });
    revalidatePath(`/cases/${encodeURIComponent(record.caseUrn)}`);
    return { status: record.status };
  }, reservationUrn);
}
