import { applyWaveOverride, checkWaveOverride } from "@/lib/allocation/override-wave";
import type { OverrideWaveInput, Wave } from "@/lib/allocation/schemas";
import type { Ctx } from "@/lib/context";
import { cancelReservation } from "./cancel";

/**
 * POST /allocation/wave/{waveUrn}/override: a group moved to another hotel of its wave. Allocation
 * checks and writes the wave (lib/allocation/override-wave.ts); a group already booked elsewhere is
 * re-booked, so its stay is cancelled at the provider between the two (a provider that cannot cancel
 * refuses with 409 and nothing changes). Booking composes the two because it sits above allocation:
 * allocation never calls booking.
 */
export async function overrideWave({ ctx, input }: { ctx: Ctx; input: OverrideWaveInput }): Promise<Wave> {
  const { parsed, booked } = await checkWaveOverride(ctx, input);
  if (booked) {
    await cancelReservation({ ctx, input: { reservationUrn: booked, reason: `moved to another hotel by a wave override: ${parsed.reason}`, rehouse: true } });
  }
  return applyWaveOverride(ctx, parsed, booked);
}
