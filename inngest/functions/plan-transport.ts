import { database } from "@/db/client";
import { systemPrincipal } from "@/lib/auth/principal";
import type { Ctx } from "@/lib/context";
import { defineJob } from "@/lib/jobs/define";
import { assignFromFleet, completeDueSegments, dropReservationTransport, followNextFlight, planReservationTransport } from "@/lib/transport";
import { refreshVouchersOf } from "@/lib/transport/refresh-vouchers";

async function systemCtx(tenant: string): Promise<Ctx> {
  return { db: (await database()).db, principal: systemPrincipal(tenant, "transport") };
}

/**
 * A reservation confirmed → its hotel's transport planned (or merged into the PLANNED shuttles of
 * its slot), then each PLANNED segment of that hotel asked of the fleet: ASSIGNED, or left PLANNED
 * with a TRANSPORT_UNASSIGNED review item. One run per case at a time, so two reservations of a
 * case confirming together plan one after the other; a re-delivered event plans nothing new and
 * the fleet answers the same vehicle for the same segment.
 */
export const planTransportOnConfirmed = defineJob({
  id: "plan-transport",
  event: "reservation/confirmed",
  retries: 4,
  concurrency: { limit: 1, key: "event.data.caseUrn" },
  handler: async ({ event, step }) => {
    const { tenant, caseUrn, reservationUrn } = event.data;
    const ctx = await systemCtx(tenant);
    const plan = await step.run("plan", () => planReservationTransport(ctx, { caseUrn, reservationUrn, confirmedAt: new Date(event.ts).toISOString() }));
    // after the plan committed: rendering vouchers must not hold the case's lock
    if (plan.vouchersToRefresh?.length) await step.run("refresh-vouchers", () => refreshVouchersOf(ctx, plan.vouchersToRefresh));
    const assigned = [];
    for (const urn of plan.toAssign) assigned.push(await step.run(`assign-${urn}`, () => assignFromFleet(ctx, urn)));
    // ride vouchers (lib/rides) read the plan and what the fleet made of it: told after both, and only
    // by the run that asked the fleet, for the reservations it took aboard (vouchersToRefresh: those of
    // the rides it created or newly joined; not everyone already aboard, which would tell a meltdown's
    // hotel quadratically often). A run that found its reservation aboard another's ride tells nothing:
    // that run, maybe still asking the fleet, speaks for it.
    if (!plan.skipped) {
      const told = [...new Set([reservationUrn, ...(plan.vouchersToRefresh ?? [])])].sort();
      await step.sendEvent("planned", told.map((urn) => ({ name: "transport/planned" as const, data: { tenant, caseUrn, reservationUrn: urn } })));
    }
    return { ...plan, assigned };
  },
});

/** A reservation cancelled → its passengers leave their rides; a ride left empty is CANCELLED and its vehicle released. */
export const dropTransportOnCancelled = defineJob({
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
