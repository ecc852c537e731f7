import { eq } from "drizzle-orm";
import { type ReservationRow, vouchers } from "@/db/schema";
import type { Ctx } from "@/lib/context";
import { stayPolicy } from "@/lib/policies/of-stay";

export const DEFAULT_CHOICE_MINUTES = 20;

export type ChoiceWindow = { open: boolean; deadline: string | null; minutesLeft: number };

/**
 * While the passenger may pick another hotel: from the voucher's issue for `choiceMinutes` of the
 * stay's policy (default 20; 0: never). Only a stay as first booked offers a choice: once the
 * group moved (the passenger's own choice, or a re-accommodation) the stay they have is the one
 * they keep, so two choices cannot chase each other. A stay that is not CONFIRMED offers none.
 */
export async function choiceWindow(ctx: Ctx, r: ReservationRow, now = Date.now()): Promise<ChoiceWindow> {
  const closed = (deadline: string | null): ChoiceWindow => ({ open: false, deadline, minutesLeft: 0 });
  if (r.status !== "CONFIRMED" || r.previousUrn) return closed(null);
  const minutes = (await stayPolicy(ctx, r))?.choiceMinutes ?? DEFAULT_CHOICE_MINUTES;
  const [voucher] = await ctx.db.select({ createdAt: vouchers.createdAt }).from(vouchers).where(eq(vouchers.reservationUrn, r.urn)).limit(1);
  if (minutes === 0 || !voucher) return closed(null);
  const deadline = voucher.createdAt.getTime() + minutes * 60_000;
  const left = deadline - now;
  return left > 0 ? { open: true, deadline: new Date(deadline).toISOString(), minutesLeft: Math.ceil(left / 60_000) } : closed(new Date(deadline).toISOString());
}
