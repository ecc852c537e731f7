// POST /api/v1/allocation/wave/{waveUrn}/rerun – places the held and unbooked groups again, as a new wave
import { rerunWave } from "@/lib/allocation";
import { handle } from "@/lib/api/handler";
import { created } from "@/lib/api/reply";
import { rerunWaveRoute } from "@/lib/api/routes/allocation";

export const POST = handle(rerunWaveRoute, async ({ ctx, params, body }) => {
  const wave = await rerunWave({ ctx, input: { ...body, ...params } });
  return created(wave, `/api/v1/allocation/wave/${wave.urn}`);
});
