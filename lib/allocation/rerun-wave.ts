import { requirePermission } from "@/lib/auth/require";
import { assertOpen } from "@/lib/cases/load";
import type { Ctx } from "@/lib/context";
import { conflict } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { parseInput } from "@/lib/validation";
import { getWave } from "./get-wave";
import { loadWave } from "./load";
import { runAllocation } from "./run";
import { RerunWaveInput, type Wave } from "./schemas";

/**
 * POST /allocation/wave/{waveUrn}/rerun: places again the case's groups that are HELD or allocated
 * but not booked (after a split, an override, a relaxed policy or a cache invalidation), as a new
 * wave that supersedes the earlier ones it fully covers. Runs at once, so the supervisor sees the
 * new wave in the answer; 409 INVALID_TRANSITION when no group is left to place.
 */
export async function rerunWave({ ctx, input }: { ctx: Ctx; input: RerunWaveInput }): Promise<Wave> {
  requirePermission(ctx, "wave:write", "rerun an allocation wave");
  const { waveUrn, reason } = parseInput(RerunWaveInput, input);
  const { wave, row } = await loadWave(ctx, waveUrn);
  assertOpen(row);
  const run = await runAllocation(ctx, {
    caseUrn: row.urn,
    demandUrn: wave.demandUrn,
    trigger: "RERUN",
    moveAllocated: true,
    reason,
    idempotencyKey: `rerun:${ctx.requestId ?? newId()}`,
  });
  if (!run.waveUrn) throw conflict("INVALID_TRANSITION", `Nothing to rerun: ${run.skipped ?? "no group is waiting for a room"}.`);
  return getWave({ ctx, input: { waveUrn: run.waveUrn } });
}
