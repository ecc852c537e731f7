import { and, eq } from "drizzle-orm";
import type { ReservationRow } from "@/db/schema";
import { stayRatings } from "@/db/schema";
import type { Ctx } from "@/lib/context";

export type RatingState = { open: boolean; score: number | null };

/** Whether a stay has begun for rating (lib/quality/rate-stay.ts applies the same rule). */
export function stayHasBegun(r: Pick<ReservationRow, "status" | "arrival" | "checkIn">, now: number): boolean {
  return r.status === "CHECKED_OUT" || r.arrival === "CHECKED_IN" || r.checkIn.getTime() <= now;
}

/** What the passenger page shows of the stay's rating: the score given (once rated), or whether it may be rated now. */
export async function ratingState(ctx: Pick<Ctx, "db">, r: ReservationRow, now = Date.now()): Promise<RatingState> {
  const [given] = await ctx.db.select({ score: stayRatings.score }).from(stayRatings).where(and(eq(stayRatings.reservationUrn, r.urn), eq(stayRatings.source, "PASSENGER"))).limit(1);
  if (given) return { open: false, score: given.score };
  return { open: (r.status === "CONFIRMED" || r.status === "CHECKED_OUT") && stayHasBegun(r, now), score: null };
}
