import { database } from "@/db/client";
import { systemPrincipal } from "@/lib/auth/principal";
import type { Ctx } from "@/lib/context";
import { defineJob } from "@/lib/jobs/define";
import { completeDueSegments, dropReservationTransport, followNextFlight } from "@/lib/transport";
import { PASSENGER_FLOW } from "./lanes";

async function systemCtx(tenant: string): Promise<Ctx> {
  return { db: (await database()).db, principal: systemPrincipal(tenant, "transport") };
}

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
