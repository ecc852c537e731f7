import { and, eq } from "drizzle-orm";
import { cases, reservations } from "@/db/schema";
import type { Ctx } from "@/lib/context";
import { failBooking } from "./fail";
import { settleWave } from "./settle";

/**
 * The booking job failed for good (a bug, the database away through every retry): the PENDING
 * reservation it held becomes FAILED with a BOOKING_FAILED item, rather than blocking the group.
 */
export async function bookingJobFailed(ctx: Ctx, input: { caseUrn: string; waveUrn: string; groupId: string; error: string }): Promise<void> {
  const [row] = await ctx.db
    .select()
    .from(reservations)
    .where(and(eq(reservations.caseUrn, input.caseUrn), eq(reservations.waveUrn, input.waveUrn), eq(reservations.groupId, input.groupId), eq(reservations.status, "PENDING")))
    .limit(1);
  if (!row) return;
  const [c] = await ctx.db.select({ airport: cases.airport }).from(cases).where(eq(cases.urn, input.caseUrn)).limit(1);
  await failBooking(ctx, {
    caseUrn: input.caseUrn,
    waveUrn: input.waveUrn,
    groupId: input.groupId,
    airport: c?.airport ?? "",
    reservationUrn: row.urn,
    attempts: row.attempts,
    cause: { reason: "booking-job-failed", providerError: input.error.slice(0, 500), hotelUrn: row.hotelUrn },
  });
  await settleWave(ctx, { caseUrn: input.caseUrn, waveUrn: input.waveUrn });
}
