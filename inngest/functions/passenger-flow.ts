import { transaction } from "@/lib/context";
import { defineJob } from "@/lib/jobs/define";
import { systemCtxFor } from "@/lib/jobs/system-ctx";
import { sendStayMessagesNow } from "@/lib/messages/send-now";
import { queueRideFollowUp, queueVoucherMessages, reservationOf } from "@/lib/messages/voucher";
import { arrangeRide, type Arranged } from "@/lib/rides/arrange";
import { issueVoucher } from "@/lib/vouchers/issue";
import { refreshVoucher } from "@/lib/vouchers/refresh";
import { PASSENGER_FLOW, PASSENGER_MESSAGE } from "./lanes";

const systemCtx = systemCtxFor("passenger-flow");

/**
 * How long a voucher waits for its ride after the room is confirmed: 60 s. The ride is decided in
 * the same run within a second or two when the fleet and the ride provider answer; the wait only
 * covers a peer answering "not now" (5xx, 429, a timeout), whose retries the bench sees settle in
 * well under a minute. Longer, and a passenger standing in the terminal waits for a hotel they
 * already have; shorter, and a blip costs them a second message. After it the voucher goes with
 * "your ride is being arranged" and one follow-up carries the ride (queueRideFollowUp).
 */
export const RIDE_WAIT_SECONDS = 60;
/** Asked again this often within the wait (counted in attempts, so the wait is the runner's clock's), then ever less often after the voucher left (≈ 2 h in all). */
const RETRY_WITHIN_WAIT_SECONDS = 10;
const RETRIES_AFTER = ["1m", "2m", "5m", "10m", "15m", "30m", "60m"];

/**
 * The passenger's path as one ordered flow (issue 28): room confirmed → ride decided → voucher
 * rendered once with room, ride and care → its messages written and sent by this run (what a
 * server refused for now is retried by deliver-message). The hotel's transport is planned for every stay confirmed by then, so groups that
 * confirmed together share shuttles by time. A cancelled stay stops the flow where it is.
 */
export const passengerFlow = defineJob({
  ...PASSENGER_FLOW,
  id: "passenger-flow",
  event: "reservation/confirmed",
  retries: 5,
  // a few stays of a case at once: the hotel's plan and each change of its rides lock the case, so they
  // take turns there, while the fleet, the ride provider and the renders of one stay overlap another's
  concurrency: { limit: 6, key: "event.data.caseUrn" },
  handler: async ({ event, step }) => {
    const { tenant, caseUrn, reservationUrn } = event.data;
    const ctx = await systemCtx(tenant);
    const input = { caseUrn, reservationUrn, confirmedAt: new Date(event.ts).toISOString() };
    let ride = (await step.run("ride", () => arrangeRide(ctx, input))) as Arranged;
    for (let k = 1; ride.retry && k * RETRY_WITHIN_WAIT_SECONDS <= RIDE_WAIT_SECONDS; k++) {
      await step.sleep(`ride-wait-${k}`, `${RETRY_WITHIN_WAIT_SECONDS}s`);
      ride = (await step.run(`ride-${k}`, () => arrangeRide(ctx, input))) as Arranged;
    }
    if (!ride.live) return { skipped: "reservation no longer confirmed" };
    // the voucher and its messages in one transaction: what they print is read once (voucherPropsOnce)
    const { voucher, queued } = await step.run("voucher", () =>
      transaction(ctx, async (tx) => {
        const stay = await reservationOf(tx, reservationUrn);
        if (!stay) return { voucher: { voucherUrn: null, skipped: `reservation ${reservationUrn} does not exist` }, queued: 0 };
        const issued = await issueVoucher(tx, stay);
        return { voucher: issued, queued: issued.voucherUrn ? await queueVoucherMessages(tx, stay, { sentByCaller: true, rideDecided: ride.decided }) : 0 };
      }),
    );
    if (!voucher.voucherUrn) return { voucher };
    // sent by this run, right after the voucher's commit; what a server refused for now goes to the delivery job's retries
    const { sent, handOff, waitMs } = await step.run("send", () => sendStayMessagesNow(ctx, { reservationUrn, version: 1 }));
    if (handOff.length) {
      // a gateway's Retry-After is kept: the delivery job's first try comes after it
      if (waitMs > 0) await step.sleep("hand-off-wait", `${Math.ceil(waitMs / 1000)}s`);
      await step.sendEvent("hand-off", handOff.map((messageUrn) => ({ name: "message/queued" as const, data: { tenant, messageUrn } })));
    }
    // the re-confirmations are scheduled from the pickup, now known: told once, in the background lane
    await step.sendEvent("planned", { name: "transport/planned", data: { tenant, caseUrn, reservationUrn, confirmedAt: input.confirmedAt } });
    if (!ride.retry) return { ride: ride.legs, voucher, queued, sent };
    // a peer still says "not now" after the wait: keep asking; a ride decided after the voucher left is told once (a desk's decision meanwhile tells them too)
    for (const [k, wait] of RETRIES_AFTER.entries()) {
      await step.sleep(`later-wait-${k}`, wait);
      ride = (await step.run(`later-${k}`, () => arrangeRide(ctx, input))) as Arranged;
      if (!ride.live || !ride.retry) break;
    }
    if (ride.decided && ride.live) {
      await step.run("refresh", () => refreshVoucher(ctx, reservationUrn));
      await step.run("follow-up", () => queueRideFollowUp(ctx, reservationUrn));
    }
    return { ride: ride.legs, voucher, queued };
  },
});

/** A voucher rendered again → if its first messages went without the ride and the ride is now decided (by the desk, say), the one follow-up. */
export const rideFollowUpOnRefreshed = defineJob({
  ...PASSENGER_MESSAGE,
  id: "messages-ride-follow-up",
  event: "voucher/refreshed",
  retries: 4,
  handler: async ({ event, step }) => {
    const ctx = await systemCtx(event.data.tenant);
    return { queued: await step.run("follow-up", () => queueRideFollowUp(ctx, event.data.reservationUrn)) };
  },
});
