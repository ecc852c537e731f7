// POST /api/v1/allocation/wave/{waveUrn}/override – a supervisor moves one group to another hotel
import { overrideWave } from "@/lib/booking";
import { handle } from "@/lib/api/handler";
import { overrideWaveRoute } from "@/lib/api/routes/allocation";

export const POST = handle(overrideWaveRoute, ({ ctx, params, body }) => overrideWave({ ctx, input: { ...body, ...params } }));
