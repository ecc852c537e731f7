import { defineJob } from "@/lib/jobs/define";
import { systemCtxFor } from "@/lib/jobs/system-ctx";
import { queueRideMessages } from "@/lib/messages/ride";
import { cancelRideVouchers } from "@/lib/rides/cancel";
import { followNextFlightRides as followNextFlightRidesOf } from "@/lib/rides/follow-next-flight";
import { issueRideVoucher } from "@/lib/rides/issue";
import { refreshVoucher } from "@/lib/vouchers/refresh";
import { PASSENGER_FLOW } from "./lanes";

const systemCtx = systemCtxFor("rides");

/** A reservation cancelled or replaced → its ride vouchers cancelled (at the provider first when issued). */
export const cancelRidesOnCancelled = defineJob({
  ...PASSENGER_FLOW,
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
  ...PASSENGER_FLOW,
  id: "messages-ride-issued",
  event: "ride/issued",
  retries: 4,
  handler: async ({ event, step }) => {
    const ctx = await systemCtx(event.data.tenant);
    return { queued: await step.run("queue", () => queueRideMessages(ctx, event.data.rideVoucherUrn)) };
  },
});

export const rideJobs = [cancelRidesOnCancelled, followNextFlightRides, messagesOnRideIssued];
