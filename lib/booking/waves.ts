import { and, eq, inArray } from "drizzle-orm";
import { allocationWaves, reservations } from "@/db/schema";
import { Allocation } from "@/lib/allocation/schemas";
import type { Ctx } from "@/lib/context";
import type { Provider } from "@/lib/vocabulary";
import { LIVE_STATUSES } from "./live";

/** The groups of a wave still to book (no live reservation yet), with the provider of each primary hotel. */
export async function waveBookings(ctx: Ctx, waveUrn: string): Promise<{ groupId: string; provider: Provider }[]> {
  const [wave] = await ctx.db.select().from(allocationWaves).where(and(eq(allocationWaves.urn, waveUrn), eq(allocationWaves.tenant, ctx.principal.tenant))).limit(1);
  if (!wave) return [];
  const live = await ctx.db
    .select({ groupId: reservations.groupId })
    .from(reservations)
    .where(and(eq(reservations.waveUrn, waveUrn), inArray(reservations.status, [...LIVE_STATUSES])));
  const done = new Set(live.map((r) => r.groupId));
  return (wave.allocations as unknown[])
    .map((a) => Allocation.parse(a))
    .filter((a) => !done.has(a.groupId))
    .map((a) => ({ groupId: a.groupId, provider: a.provider }));
}
