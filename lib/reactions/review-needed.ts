import { deriveCaseStatus } from "@/lib/cases/derive-status";
import type { Ctx } from "@/lib/context";
import type { EventData } from "@/lib/events";
import { raiseNeededItem } from "@/lib/review/raise-needed";

/**
 * A domain published `review/needed`: review raises the item, then, when the publisher asked to
 * escalate, the case's status is derived with a person needed (MANUAL_REVIEW). Both idempotent (the
 * item by its URN, the status by derivation), so the repair job (inngest/functions/review-needed.ts)
 * may run it again from the outbox event.
 */
export async function reactToReviewNeeded(ctx: Ctx, fact: EventData<"review/needed">): Promise<void> {
  await raiseNeededItem(ctx, fact);
  if (fact.escalate) await deriveCaseStatus(ctx, { caseUrn: fact.caseUrn, action: fact.escalate.action, reason: fact.escalate.reason, review: true });
}
