import { database } from "@/db/client";
import { checkOutDue } from "@/lib/booking/check-out";
import { defineJob } from "@/lib/jobs/define";
import { BACKGROUND } from "./lanes";

/**
 * Every 15 minutes: CONFIRMED reservations whose stay ended become CHECKED_OUT (passengers too),
 * and cases whose every reservation is CHECKED_OUT close themselves. The tick's own time is "now",
 * so a test's manual clock decides what is due.
 */
export const checkOutStays = defineJob({
  ...BACKGROUND,
  id: "check-out-stays",
  cron: "*/15 * * * *",
  retries: 2,
  handler: async ({ event, step }) => {
    return step.run("check-out", async () => checkOutDue((await database()).db, new Date(event.ts)));
  },
});
