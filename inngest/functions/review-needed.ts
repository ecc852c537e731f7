import { defineJob } from "@/lib/jobs/define";
import { reactToReviewNeeded } from "@/lib/reactions/review-needed";
import { BACKGROUND } from "./lanes";
import { systemCtxOf } from "@/lib/jobs/system-ctx";

/**
 * `review/needed` → the repair of its in-process reaction (lib/reactions/review-needed.ts): it ran
 * right after the publisher's commit unless the process died in between. Idempotent (the item by the
 * URN the fact carries), so in the common case it finds the item and the case as they should be.
 * A background run per item a person must look at, never one per booked group.
 */
export const repairReviewNeeded = defineJob({
  ...BACKGROUND,
  id: "review-needed-repair",
  event: "review/needed",
  retries: 4,
  handler: async ({ event, step }) => {
    const ctx = await systemCtxOf(event.data.tenant, "review");
    await step.run("repair", () => reactToReviewNeeded(ctx, event.data));
    return { reviewUrn: event.data.reviewUrn };
  },
});
