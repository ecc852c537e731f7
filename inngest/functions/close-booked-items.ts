import { defineJob } from "@/lib/jobs/define";
import { reactToWaveSettled } from "@/lib/reactions/wave-settled";
import { closeBookedItems } from "@/lib/review/close-booked";
import { systemCtxOf } from "@/lib/jobs/system-ctx";

/**
 * A wave settled → the case's open review items about rooms whose groups are now all booked are
 * resolved (GROUP_BOOKED, with the reason), after the booking's transaction committed: the booking
 * path neither reads nor locks review items, and a wave of many groups costs one run, not one per group.
 * First the fact's in-process reactions are run again ("repair"): they ran right after the commit,
 * before the booking step returned, unless the process died between the two; they are idempotent, so
 * this changes nothing in the common case and re-derives the demand, the item and the case's status
 * in the other.
 */
export const closeBookedItemsOnSettled = defineJob({
  id: "review-close-booked",
  event: "wave/settled",
  retries: 4,
  // one case's items are closed one run at a time (the case row is locked per item anyway)
  concurrency: { limit: 1, key: "event.data.caseUrn" },
  handler: async ({ event, step }) => {
    const { tenant, caseUrn } = event.data;
    const ctx = await systemCtxOf(tenant, "review");
    await step.run("repair", async () => reactToWaveSettled(await systemCtxOf(tenant, "booking"), event.data, { repair: true }));
    return step.run("close", () => closeBookedItems(ctx, { caseUrn }));
  },
});
