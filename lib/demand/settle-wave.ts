import { and, eq } from "drizzle-orm";
import { cases, demands } from "@/db/schema";
import { type Ctx, transaction } from "@/lib/context";
import { emit, type EventData } from "@/lib/events";
import { transitionDemand } from "./transition";

/**
 * A wave settled (booking's fact): its demand is FULFILLED when every group was booked, PARTIAL
 * (and `demand/partial` published, the airline's webhook) when some were and others not; a wave
 * that booked nothing leaves it as it is (the BOOKING_FAILED items say it). The wave's demand, or
 * the case's APPROVED demands for a wave that names none. Only APPROVED demands move, read under
 * lock, so running it twice (two groups settling the same wave, a repair after a crash) moves once.
 */
export async function settleWaveDemands(ctx: Ctx, fact: EventData<"wave/settled">): Promise<void> {
  if (fact.outcome !== "fulfilled" && fact.outcome !== "partial") return;
  const outcome = fact.outcome;
  await transaction(ctx, async (tx) => {
    const approved = await tx.db
      .select()
      .from(demands)
      .where(and(fact.demandUrn ? eq(demands.urn, fact.demandUrn) : eq(demands.caseUrn, fact.caseUrn), eq(demands.status, "APPROVED")))
      .for("update");
    if (approved.length === 0) return;
    const [row] = await tx.db.select({ airport: cases.airport }).from(cases).where(eq(cases.urn, fact.caseUrn)).limit(1);
    const { bookedGroups: booked, unbookedGroups: unbooked } = fact;
    for (const d of approved) {
      if (outcome === "fulfilled") {
        await transitionDemand(tx, { demand: d, action: "fulfil", airport: row?.airport, reason: "every group of the wave has a confirmed reservation" });
        continue;
      }
      await transitionDemand(tx, { demand: d, action: "partial", airport: row?.airport, reason: `${booked.length} group(s) booked, ${unbooked.length} not` });
      await emit(tx, "demand/partial", { tenant: fact.tenant, caseUrn: fact.caseUrn, demandUrn: d.urn, bookedGroups: booked, unbookedGroups: unbooked });
    }
  });
}
