import { and, asc, eq } from "drizzle-orm";
import { reservationReconfirmations } from "@/db/schema";
import type { Ctx } from "@/lib/context";
import type { ScheduledReconfirmation } from "./reconfirm-schedule";

/** The next re-confirmation of a reservation still waiting, earliest first: what the watch sleeps until. */
export async function nextReconfirmation(ctx: Ctx, reservationUrn: string): Promise<ScheduledReconfirmation | null> {
  const [next] = await ctx.db
    .select()
    .from(reservationReconfirmations)
    .where(and(eq(reservationReconfirmations.reservationUrn, reservationUrn), eq(reservationReconfirmations.tenant, ctx.principal.tenant), eq(reservationReconfirmations.status, "SCHEDULED")))
    .orderBy(asc(reservationReconfirmations.dueAt))
    .limit(1);
  return next ? { urn: next.urn, moment: next.moment, dueAt: next.dueAt.toISOString() } : null;
}
