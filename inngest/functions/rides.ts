import { database } from "@/db/client";
import { systemPrincipal } from "@/lib/auth/principal";
import type { Ctx } from "@/lib/context";
import { defineJob } from "@/lib/jobs/define";
import { queueRideMessages } from "@/lib/messages/ride";
import { cancelRideVouchers } from "@/lib/rides/cancel";
import { followNextFlightRides as followNextFlightRidesOf } from "@/lib/rides/follow-next-flight";
import { issueRideVoucher } from "@/lib/rides/issue";
import { planRideVouchers } from "@/lib/rides/plan";
import { replaceRidesByTaxi } from "@/lib/rides/replace-shuttle";
import { refreshVoucher } from "@/lib/vouchers/refresh";

async function systemCtx(tenant: string): Promise<Ctx> {
  return { db: (await database()).db, principal: systemPrincipal(tenant, "rides") };
}

/**
 * The transport of a reservation planned and asked of the fleet → the taxi vouchers its group is
 * owed (night, a car tier, the fleet had no vehicle) written PENDING, then each asked of the ride
 * provider in its own step (retried on the provider's faults; its URN is the Idempotency-Key).
 * One run per case at a time, so a cancellation's run never interleaves with an issue.
 */
export const issueRidesOnPlanned = defineJob({
  id: "issue-ride-vouchers",
  event: "transport/planned",
  retries: 5,
  concurrency: { limit: 1, key: "event.data.caseUrn" },
  handler: async ({ event, step }) => {
    const ctx = await systemCtx(event.data.tenant);
    const plan = await step.run("plan", () => planRideVouchers(ctx, event.data));
    const issued = [];
    for (const urn of plan.pending) issued.push(await step.run(`issue-${urn}`, () => issueRideVoucher(ctx, urn)));
    // after the issue committed: a ride every rider now has a taxi for is cancelled (its vehicle released)
    const replaced = await step.run("replace-rides", () => replaceRidesByTaxi(ctx, event.data.reservationUrn));
    // the hotel voucher (and the passenger page behind it) prints the taxi codes: rendered again once they exist
    if (issued.some((i) => i.status === "ISSUED") || replaced.length) await step.run("refresh-voucher", () => refreshVoucher(ctx, event.data.reservationUrn));
    return { ...plan, issued, replaced };
  },
});

/** A reservation cancelled or replaced → its ride vouchers cancelled (at the provider first when issued). */
export const cancelRidesOnCancelled = defineJob({
  id: "cancel-ride-vouchers",
  event: "reservation/cancelled",
  retries: 5,
  concurrency: { limit: 1, key: "event.data.caseUrn" },
  handler: async ({ event, step }) => {
    const ctx = await systemCtx(event.data.tenant);
    const reason = event.data.replacedBy ? `reservation replaced by ${event.data.replacedBy}` : `reservation cancelled: ${event.data.reason}`;
    return { cancelled: await step.run("cancel", () => cancelRideVouchers(ctx, { reservationUrn: event.data.reservationUrn, reason })) };
  },
});

/**
 * The next flight moved → taxi vouchers to the airport whose pickup moved are cancelled and their
 * successors (the new pickup and expiry) issued, each in its own step; the hotel vouchers of the
 * reservations touched rendered again. No overnight gap left → the case's vouchers are cancelled.
 */
export const followNextFlightRides = defineJob({
  id: "rides-follow-next-flight",
  event: "case/reaccommodated",
  retries: 5,
  concurrency: { limit: 1, key: "event.data.caseUrn" },
  handler: async ({ event, step }) => {
    const { tenant, caseUrn, overnight, nextFlight } = event.data;
    const ctx = await systemCtx(tenant);
    const moved = await step.run("follow", () => followNextFlightRidesOf(ctx, { caseUrn, overnight, nextDeparture: nextFlight.scheduledDeparture }));
    const issued = [];
    for (const urn of moved.pending) issued.push(await step.run(`issue-${urn}`, () => issueRideVoucher(ctx, urn)));
    for (const urn of moved.reservations) await step.run(`refresh-${urn}`, () => refreshVoucher(ctx, urn));
    return { ...moved, issued };
  },
});

/** A ride voucher issued → RIDE_VOUCHER by email and SMS. */
export const messagesOnRideIssued = defineJob({
  id: "messages-ride-issued",
  event: "ride/issued",
  retries: 4,
  handler: async ({ event, step }) => {
    const ctx = await systemCtx(event.data.tenant);
    return { queued: await step.run("queue", () => queueRideMessages(ctx, event.data.rideVoucherUrn)) };
  },
});

export const rideJobs = [issueRidesOnPlanned, cancelRidesOnCancelled, followNextFlightRides, messagesOnRideIssued];
