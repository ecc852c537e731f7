import { and, eq, inArray, like } from "drizzle-orm";
import { type ReservationRow, reviewItems } from "@/db/schema";
import { type Ctx, transaction } from "@/lib/context";
import { emit, type EventPayload } from "@/lib/events";
import { newUrn } from "@/lib/ids";

type AttemptedHotel = NonNullable<EventPayload<"review/needed">["attemptedHotels"]>[number];

export type StayOutcome = "UNCHANGED" | "MODIFIED" | "RELEASED" | "REVIEW" | "SKIPPED" | "REBOOK" | "CONTINUED" | "REPLACED";
/** `checkOut` (the wanted local date) with REBOOK: the job books it as a continuation or replacement */
export type StayChangeResult = { reservationUrn: string; outcome: StayOutcome; detail: string; checkOut?: string };

/**
 * A stay change only a person can make: one open BOOKING_FAILED item per reservation and wanted
 * change (the `[key]` in its detail), so a repeated patch (or a retried step) opens no second one.
 */
/** The open item for this reservation and wanted change, if a person already has it. */
export async function openStayReview(ctx: Ctx, row: Pick<ReservationRow, "urn" | "caseUrn">, key: string): Promise<string | null> {
  const [open] = await ctx.db
    .select({ urn: reviewItems.urn })
    .from(reviewItems)
    .where(and(eq(reviewItems.caseUrn, row.caseUrn), eq(reviewItems.category, "BOOKING_FAILED"), inArray(reviewItems.state, ["OPEN", "CLAIMED"]), like(reviewItems.detail, `%${row.urn}%[${key}]%`)))
    .limit(1);
  return open?.urn ?? null;
}

export async function stayReview(ctx: Ctx, row: ReservationRow, key: string, detail: string, attemptedHotels: AttemptedHotel[] = []): Promise<StayChangeResult> {
  await transaction(ctx, async (tx) => {
    if (await openStayReview(tx, row, key)) return;
    // recommend: false — what is asked is a change at the hotel, not a ranking of others; review raises it after the commit
    await emit(tx, "review/needed", { tenant: tx.principal.tenant, reviewUrn: newUrn("review"), caseUrn: row.caseUrn, category: "BOOKING_FAILED", affectedGroups: [row.groupId], reservationUrns: [row.urn], waveUrn: row.waveUrn, detail, attemptedHotels, recommend: false });
  });
  return { reservationUrn: row.urn, outcome: "REVIEW", detail };
}
