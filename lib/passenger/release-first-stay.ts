import { and, eq } from "drizzle-orm";
import { reservations } from "@/db/schema";
import { releaseStay } from "@/lib/booking/stay-change-finish";
import type { StayChangeResult } from "@/lib/booking/stay-review";
import type { Ctx } from "@/lib/context";

/**
 * The `passenger/hotel-chosen` step: the stay the passenger left is released (cancelled at the
 * provider, then CANCELLED here, audited `reaccommodate`, its rides dropped by
 * `reservation/cancelled`) through the re-accommodation's one release verb. A provider that is
 * unreachable throws, and the job's step is retried with backoff; the page already shows the chosen
 * stay meanwhile (lib/passenger/link.ts follows a CONFIRMED replacement). Run twice, it skips: the
 * first stay is no longer CONFIRMED. A chosen stay that is not CONFIRMED any more (cancelled by the
 * desk since) releases nothing: the first stay is then the group's only room.
 */
export async function releaseFirstStay(ctx: Ctx, input: { reservationUrn: string; previousUrn: string }): Promise<StayChangeResult> {
  const [chosen] = await ctx.db.select().from(reservations).where(and(eq(reservations.urn, input.reservationUrn), eq(reservations.tenant, ctx.principal.tenant))).limit(1);
  if (chosen?.status !== "CONFIRMED" && chosen?.status !== "CHECKED_OUT") return { reservationUrn: input.previousUrn, outcome: "SKIPPED", detail: `the chosen stay ${input.reservationUrn} is ${chosen?.status ?? "missing"}` };
  return releaseStay(ctx, { reservationUrn: input.previousUrn, replacedBy: chosen.urn, reason: `replaced by ${chosen.urn} at ${chosen.hotelName ?? chosen.hotelUrn}: the passenger chose another hotel` });
}
