import { database } from "@/db/client";
import { defineJob } from "@/lib/jobs/define";
import { systemCtxFor } from "@/lib/jobs/system-ctx";
import { completeDueSegments, dropReservationTransport, followNextFlight } from "@/lib/transport";
import { BACKGROUND, PASSENGER_FLOW } from "./lanes";
import { recordRefusal } from "@/lib/transport/shortfall/record";

const systemCtx = systemCtxFor("transport");

/** A reservation cancelled → its passengers leave their rides; a ride left empty is CANCELLED and its vehicle released. */
export const dropTransportOnCancelled = defineJob({
  ...PASSENGER_FLOW,
  id: "drop-transport",
  event: "reservation/cancelled",
  retries: 4,
  concurrency: { limit: 1, key: "event.data.caseUrn" },
  handler: async ({ event, step }) => {
    const { tenant, caseUrn, reservationUrn, reason } = event.data;
    const ctx = await systemCtx(tenant);
    return step.run("drop", () => dropReservationTransport(ctx, { caseUrn, reservationUrn, reason }));
  },
});

/**
 * A ride the fleet refused → its airport's night's one TRANSPORT_UNASSIGNED item updated with the
 * numbers (lib/transport/shortfall/record.ts). In the background lane, one at a time (the night's
 * row is locked by each anyway): the passenger's flow has already turned the refusal into a taxi.
 */
export const recordFleetShortfall = defineJob({
  ...BACKGROUND,
  concurrency: { limit: 1 },
  id: "record-fleet-shortfall",
  event: "transport/fleet-refused",
  retries: 4,
  handler: async ({ event, step }) => {
    const { tenant, segmentUrn, why, withoutFleet } = event.data;
    const ctx = await systemCtx(tenant);
    return { recorded: await step.run("record", () => recordRefusal(ctx, { segmentUrn, why, withoutFleet })) };
  },
});

/** Every 15 minutes: ASSIGNED rides long past their pickup become COMPLETED. */
export const completeTransport = defineJob({
  id: "complete-transport",
  cron: "*/15 * * * *",
  retries: 2,
  handler: async ({ event, step }) => step.run("complete", async () => completeDueSegments((await database()).db, new Date(event.ts))),
});

/** The next flight moved → rides to the airport re-timed; no overnight gap left → every ride of the case cancelled. */
export const followNextFlightTransport = defineJob({
  id: "transport-follow-next-flight",
  event: "case/reaccommodated",
  retries: 4,
  concurrency: { limit: 1, key: "event.data.caseUrn" },
  handler: async ({ event, step }) => {
    const { tenant, caseUrn, overnight, nextFlight } = event.data;
    const ctx = await systemCtx(tenant);
    return step.run("follow", () => followNextFlight(ctx, { caseUrn, overnight, nextDeparture: nextFlight.scheduledDeparture }));
  },
});
