// GET /api/v1/allocation/wave/{waveUrn} – one allocation wave, explained
import { getWave } from "@/lib/allocation";
import { handle } from "@/lib/api/handler";
import { getWaveRoute } from "@/lib/api/routes/allocation";

export const GET = handle(getWaveRoute, ({ ctx, params }) => getWave({ ctx, input: params }));
