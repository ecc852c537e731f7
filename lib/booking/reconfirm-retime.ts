import { and, eq, ne } from "drizzle-orm";
import { reservationReconfirmations, reservations } from "@/db/schema";
import { requirePermission } from "@/lib/auth/require";
import { type Ctx, transaction } from "@/lib/context";
import { emit } from "@/lib/events";
import { arrivalMoment, beforeArrival, reconfirmationPolicy } from "./reconfirm-moments";

/**
 * The reservation's rides were planned or re-timed → its BEFORE_ARRIVAL re-confirmation follows the
 * new pickup, while still SCHEDULED (one already run stays as it ran). The policy's lead is read
 * again. A moved row emits `reservation/reconfirmation.scheduled`, which restarts the watch (the old
 * one is cancelled), so a pickup moved earlier is not looked up late. Returns the new due time, or
 * null when nothing moved.
 */
export async function retimeReconfirmation(ctx: Ctx, input: { reservationUrn: string }): Promise<string | null> {
  requirePermission(ctx, "booking:manual", "schedule a booking's re-confirmations");
  const [row] = await ctx.db
    .select()
    .from(reservations)
    .where(and(eq(reservations.urn, input.reservationUrn), eq(reservations.tenant, ctx.principal.tenant)))
    .limit(1);
  if (!row || row.status !== "CONFIRMED") return null;
  const policy = await reconfirmationPolicy(ctx, row);
  if (policy.beforeArrivalMinutes === null) return null;
  const dueAt = beforeArrival(await arrivalMoment(ctx, row), policy.beforeArrivalMinutes);
  return transaction(ctx, async (tx) => {
    // only a row still waiting moves; the same time is no change (a re-delivered event restarts nothing)
    const [moved] = await tx.db
      .update(reservationReconfirmations)
      .set({ dueAt })
      .where(
        and(
          eq(reservationReconfirmations.reservationUrn, row.urn),
          eq(reservationReconfirmations.moment, "BEFORE_ARRIVAL"),
          eq(reservationReconfirmations.status, "SCHEDULED"),
          ne(reservationReconfirmations.dueAt, dueAt),
        ),
      )
      .returning();
    if (!moved) return null;
    await emit(tx, "reservation/reconfirmation.scheduled", { tenant: row.tenant, caseUrn: row.caseUrn, reservationUrn: row.urn });
    return moved.dueAt.toISOString();
  });
}
