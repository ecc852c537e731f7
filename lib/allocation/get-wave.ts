import { requirePermission } from "@/lib/auth/require";
import type { Ctx } from "@/lib/context";
import { loadWave } from "./load";
import { toWave } from "./record";
import type { Wave } from "./schemas";

/** GET /allocation/wave/{waveUrn}: the whole wave, for anyone who may read its case. */
export async function getWave({ ctx, input }: { ctx: Ctx; input: { waveUrn: string } }): Promise<Wave> {
  requirePermission(ctx, "read", "read allocation waves");
  const { wave } = await loadWave(ctx, input.waveUrn);
  return toWave(wave);
}
