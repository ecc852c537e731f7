import { defineJob } from "@/lib/jobs/define";
import { releaseFirstStay } from "@/lib/passenger/release-first-stay";
import { systemCtxOf } from "@/lib/jobs/system-ctx";
import { PASSENGER_BOOKING } from "./lanes";

/**
 * The passenger chose another hotel on their page and it is confirmed → the stay they left is
 * released here, after that commit, not inside their request: a provider that cannot be reached
 * is retried with backoff (lib/passenger/release-first-stay.ts), while the page already shows the
 * chosen stay. One run per stay at a time. In the passenger's lane with the rooms: a passenger
 * acted, and their choice is not the group's hotel until this has run (at background priority it
 * waited minutes behind a day's background work).
 */
export const releaseChosenStay = defineJob({
  ...PASSENGER_BOOKING,
  id: "release-chosen-stay",
  event: "passenger/hotel-chosen",
  retries: 6,
  concurrency: { limit: 1, key: "event.data.previousUrn" },
  handler: async ({ event, step }) => {
    const { tenant, reservationUrn, previousUrn } = event.data;
    const ctx = await systemCtxOf(tenant, "booking");
    return step.run("release", () => releaseFirstStay(ctx, { reservationUrn, previousUrn }));
  },
});
