import { config } from "@/lib/config";
import { casePolicies } from "@/lib/demand/case-policies";
import { loadCase } from "@/lib/cases/load";
import type { Ctx } from "@/lib/context";

/** ALLOCATION_BATCH_SECONDS: how long a BATCH airport collects approvals before one wave; default 2 minutes. */
export function batchWindowSeconds(): number {
  return config.ALLOCATION_BATCH_SECONDS;
}

/**
 * When a case's approved demand should be allocated: null for at once (ON_DEMAND), or the end of
 * the airport's current batch window when a policy of the case's tiers says BATCH. Windows are
 * aligned on the clock, so every approval of one airport inside a window wakes at the same instant
 * and the waves share one provider search through the offer cache (spec 4.8: BATCH consolidates
 * inventory queries).
 */
export async function batchWindowEnd(ctx: Ctx, caseUrn: string, now = Date.now()): Promise<string | null> {
  const row = await loadCase(ctx, caseUrn);
  const batched = (await casePolicies(ctx, row)).some((p) => p.policy?.mode === "BATCH");
  if (!batched) return null;
  const window = batchWindowSeconds() * 1000;
  return new Date(Math.ceil((now + 1) / window) * window).toISOString();
}
