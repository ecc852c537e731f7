import { defineJob } from "@/lib/jobs/define";
import { systemCtxFor } from "@/lib/jobs/system-ctx";
import { queueCancellationMessages } from "@/lib/messages/cancellation";
import { queueDeclineMessages } from "@/lib/messages/declined";
import { queueRideChangedMessages } from "@/lib/messages/ride-changed";
import { queueStayChangedMessages } from "@/lib/messages/stay-changed";
import { queueVoucherMessages } from "@/lib/messages/voucher";
import { PASSENGER_FLOW } from "./lanes";

/**
 * The messages' subscribers: each domain event that tells a passenger something writes its
 * messages after the change committed, never inside it. One step each, idempotent through the
 * outbox's unique key (recipient, kind, version of the record): an event delivered twenty times
 * writes one message per recipient and channel.
 */
const systemCtx = systemCtxFor("messages");

/** a voucher issued (first stay, a continuation, a re-housing or the passenger's choice) → its messages */
export const messagesOnVoucherIssued = defineJob({
  ...PASSENGER_FLOW,
  id: "messages-voucher-issued",
  event: "voucher/issued",
  retries: 4,
  handler: async ({ event, step }) => {
    const ctx = await systemCtx(event.data.tenant);
    return { queued: await step.run("queue", () => queueVoucherMessages(ctx, event.data.reservationUrn)) };
  },
});

/** a stay changed in place (new dates at the same hotel) → STAY_CHANGED with the stay's version */
export const messagesOnReservationChanged = defineJob({
  ...PASSENGER_FLOW,
  id: "messages-reservation-changed",
  event: "reservation/changed",
  retries: 4,
  handler: async ({ event, step }) => {
    const ctx = await systemCtx(event.data.tenant);
    return { queued: await step.run("queue", () => queueStayChangedMessages(ctx, event.data)) };
  },
});

/** a reservation cancelled (not replaced, not declined) → CANCELLATION to whoever got its voucher */
export const messagesOnReservationCancelled = defineJob({
  ...PASSENGER_FLOW,
  id: "messages-reservation-cancelled",
  event: "reservation/cancelled",
  retries: 4,
  handler: async ({ event, step }) => {
    const ctx = await systemCtx(event.data.tenant);
    return { queued: await step.run("queue", () => queueCancellationMessages(ctx, event.data)) };
  },
});

/** a passenger declined the hotel on their page → DECLINE_CONFIRMED */
export const messagesOnPassengerDeclined = defineJob({
  ...PASSENGER_FLOW,
  id: "messages-passenger-declined",
  event: "passenger/declined",
  retries: 4,
  handler: async ({ event, step }) => {
    const ctx = await systemCtx(event.data.tenant);
    return { queued: await step.run("queue", () => queueDeclineMessages(ctx, event.data)) };
  },
});

/** the desk re-timed or cancelled a ride → RIDE_CHANGED to each stay aboard already told, once per change */
export const messagesOnRideChanged = defineJob({
  ...PASSENGER_FLOW,
  id: "messages-ride-changed",
  event: "transport/ride.changed",
  retries: 4,
  handler: async ({ event, step }) => {
    const ctx = await systemCtx(event.data.tenant);
    return { queued: await step.run("queue", () => queueRideChangedMessages(ctx, event.data)) };
  },
});

export const messageSubscribers = [messagesOnVoucherIssued, messagesOnReservationChanged, messagesOnReservationCancelled, messagesOnPassengerDeclined, messagesOnRideChanged];
