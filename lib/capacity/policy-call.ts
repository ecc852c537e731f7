import { and, eq } from "drizzle-orm";
import { allocationWaves } from "@/db/schema";
import { HeldGroup } from "@/lib/allocation/schemas";
import { requirePermission } from "@/lib/auth/require";
import { loadCase } from "@/lib/cases/load";
import type { Ctx } from "@/lib/context";
import { casePolicies } from "@/lib/demand/case-policies";
import { callHotelsByPolicy } from "./call";
import { ROOMLESS_CAUSES, roomsShortAt } from "./shortfall";

export type PolicyCallOutcome = { callUrn: string | null; roomsShort: number; threshold: number | null; why: string };

/**
 * After a wave is persisted: when it held groups for want of rooms, and the airport's open cases
 * are now at least the case policy's `capacityCall.whenShortByRooms` rooms short (the lowest
 * threshold among the policies of the case's tiers; none set: only a supervisor calls), the
 * contracted hotels are called, once per airport and night (lib/capacity/call.ts holds the guard).
 */
export async function callHotelsOnShortWave(ctx: Ctx, input: { caseUrn: string; waveUrn: string }): Promise<PolicyCallOutcome> {
  requirePermission(ctx, "capacity:call", "call the contracted hotels for rooms");
  const [wave] = await ctx.db
    .select({ airport: allocationWaves.airport, held: allocationWaves.held })
    .from(allocationWaves)
    .where(and(eq(allocationWaves.urn, input.waveUrn), eq(allocationWaves.tenant, ctx.principal.tenant)))
    .limit(1);
  const short = (wave?.held ?? []).flatMap((h) => {
    const parsed = HeldGroup.safeParse(h);
    return parsed.success && (ROOMLESS_CAUSES as readonly string[]).includes(parsed.data.cause) ? [parsed.data] : [];
  });
  if (!wave || short.length === 0) return { callUrn: null, roomsShort: 0, threshold: null, why: "the wave placed every group it could for want of rooms" };
  const thresholds = (await casePolicies(ctx, await loadCase(ctx, input.caseUrn)))
    .map((p) => p.policy?.capacityCall?.whenShortByRooms ?? null)
    .filter((t): t is number => t !== null);
  if (thresholds.length === 0) return { callUrn: null, roomsShort: 0, threshold: null, why: "no policy of the case sets capacityCall.whenShortByRooms" };
  const threshold = Math.min(...thresholds);
  const roomsShort = await roomsShortAt(ctx, wave.airport);
  if (roomsShort < threshold) return { callUrn: null, roomsShort, threshold, why: `${roomsShort} rooms short, under the threshold` };
  const call = await callHotelsByPolicy(ctx, { airport: wave.airport, roomsShort, threshold });
  return { callUrn: call?.urn ?? null, roomsShort, threshold, why: call ? "called" : "the airport was called tonight already, or has no contracted hotel" };
}
