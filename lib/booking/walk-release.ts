import type { ReservationRow } from "@/db/schema";
import type { Ctx } from "@/lib/context";
import { caseSystems } from "@/lib/peers/case-systems";
import { directProvider } from "@/lib/providers/direct/client";
import { ProviderError } from "@/lib/providers/errors";
import { canCancel } from "./load";

/**
 * A walk of a booking the provider still holds in part (fewer rooms, other or fewer nights): the
 * part it holds is cancelled at the provider before the group is rehoused, or the airline pays for
 * those rooms and for the new hotel's. Answers what happened, for the walk's detail (and so its
 * audit entry and the reservation's record): cancelled, or why not and that the desk must cancel
 * at the hotel. A provider that cannot cancel through its API, or refuses or fails the cancel,
 * does not stop the walk: the group needs a room tonight either way. Cancels are idempotent at
 * every provider (a repeat answers the cancelled booking), so concurrent re-confirmations that all
 * reach here do no harm.
 */
export async function releasePartialHold(ctx: Ctx, row: ReservationRow, reason: string): Promise<string> {
  const reference = row.providerRef ?? "";
  const atHotel = `cancel it at the hotel (confirmation ${row.confirmationCode ?? reference})`;
  if (!canCancel(row.provider)) return `${row.provider} cannot cancel ${reference} through its API here: ${atHotel}`;
  try {
    const provider = row.provider === "DIRECT" ? directProvider(ctx) : (await (await caseSystems(ctx, row.caseUrn)).hotels()).find((s) => s.id === row.provider);
    if (!provider) return `${row.provider} is not configured here: ${atHotel}`;
    const after = await provider.cancel({ reference, reason });
    return after.status === "CANCELLED" ? `the part still held was cancelled at ${row.provider}` : `${row.provider} answered the cancel of ${reference} ${after.status}: ${atHotel}`;
  } catch (err) {
    if (!(err instanceof ProviderError)) throw err; // ours: the job's step retries the re-confirmation
    return `the cancel at ${row.provider} failed (${err.status ?? "-"} ${err.message}): ${atHotel}`.slice(0, 500);
  }
}
