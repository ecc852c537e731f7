import { deriveCaseStatus } from "@/lib/cases/derive-status";
import type { Ctx } from "@/lib/context";
import { settleWaveDemands } from "@/lib/demand/settle-wave";
import type { EventData } from "@/lib/events";
import { raisePartialFulfilment } from "@/lib/review/raise-partial";

/**
 * Booking published `wave/settled`: the demand, the review queue and the case each react in their
 * own domain, one transaction each, in this order (the case's status reads the item review raised).
 * Each step is idempotent, so the repair (inngest/functions/close-booked-items.ts runs this again on
 * the outbox event) and two groups settling the same wave change things once.
 */
export async function reactToWaveSettled(ctx: Ctx, fact: EventData<"wave/settled">, { repair = false } = {}): Promise<void> {
  if (!fact.outcome || fact.outcome === "failed") return;
  await settleWaveDemands(ctx, fact);
  const review = await raisePartialFulfilment(ctx, fact, { repair });
  await deriveCaseStatus(ctx, {
    caseUrn: fact.caseUrn,
    action: "book",
    reason: fact.outcome === "fulfilled" ? "every group has a confirmed reservation" : "some groups booked, others not",
    review,
  });
}
