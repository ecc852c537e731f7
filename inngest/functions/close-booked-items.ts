import { database } from "@/db/client";
import { systemPrincipal } from "@/lib/auth/principal";
import { defineJob } from "@/lib/jobs/define";
import { closeBookedItems } from "@/lib/review/close-booked";

/**
 * A wave settled → the case's open review items about rooms whose groups are now all booked are
 * resolved (GROUP_BOOKED, with the reason), after the booking's transaction committed: the booking
 * path neither reads nor locks review items, and a wave of many groups costs one run, not one per group.
 */
export const closeBookedItemsOnSettled = defineJob({
  id: "review-close-booked",
  event: "wave/settled",
  retries: 4,
  // one case's items are closed one run at a time (the case row is locked per item anyway)
  concurrency: { limit: 1, key: "event.data.caseUrn" },
  handler: async ({ event, step }) => {
    const { tenant, caseUrn } = event.data;
    const ctx = { db: (await database()).db, principal: systemPrincipal(tenant, "review") };
    return step.run("close", () => closeBookedItems(ctx, { caseUrn }));
  },
});
