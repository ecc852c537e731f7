import { and, eq } from "drizzle-orm";
import { reservations } from "@/db/schema";
import type { Ctx } from "@/lib/context";

/** A manual booking that did not book: its PENDING row becomes FAILED history, and the caller is told why. */
export async function failBookingQuietly(ctx: Ctx, reservationUrn: string): Promise<void> {
  await ctx.db.update(reservations).set({ status: "FAILED", bookingRun: null }).where(and(eq(reservations.urn, reservationUrn), eq(reservations.status, "PENDING")));
}
