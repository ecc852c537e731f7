import { transaction } from "@/lib/context";
import { defineJob } from "@/lib/jobs/define";
import { systemCtxFor } from "@/lib/jobs/system-ctx";
import { sendStayMessagesNow } from "@/lib/messages/send-now";
import { queueRideFollowUp, queueVoucherMessagesOf } from "@/lib/messages/voucher";
import { arrangeRides, type Arranged } from "@/lib/rides/arrange";
import { issueVouchers } from "@/lib/vouchers/issue";
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
/** Asked again on these marks from the confirmation within the wait, then ever less often after the voucher left (≈ 2 h in all). */
const RETRY_WITHIN_WAIT_SECONDS = 10;
const RETRIES_AFTER = ["1m", "2m", "5m", "10m", "15m", "30m", "60m"];

/**
 * The passenger's path as one ordered flow (docs/passenger-flow.md), for the stays of a case
 * confirmed together (a wave's chunk, or one stay): rooms confirmed → rides decided (the hotel's
 * transport planned once for every stay confirmed there by then) → each voucher rendered once with
 * room, ride and care, and the messages of them all written in one transaction → sent by this run
 * (what a server refused for now is retried by deliver-message). A stay cancelled meanwhile stops
 * where it is; a stay whose ride a peer could not decide waits for it, the others do not.
 */
export const passengerFlow = defineJob({
  ...PASSENGER_FLOW,
  id: "passenger-flow",
  event: "stays/confirmed",
  retries: 5,
  // a few of a case's chunks at once: the hotel's plan and each change of its rides lock the case, so they
  // take turns there, while the fleet, the ride provider and the renders of one chunk overlap another's
  concurrency: { limit: 6, key: "event.data.caseUrn" },
  handler: async ({ event, step }) => {
    const { tenant, caseUrn, reservationUrns } = event.data;
    const ctx = await systemCtx(tenant);
    const confirmedAt = new Date(event.ts).toISOString();
    const rides = (await step.run("ride", () => arrangeRides(ctx, { caseUrn, reservationUrns, confirmedAt }))) as Record<string, Arranged>;
    const retrying = () => reservationUrns.filter((u) => rides[u]?.live && rides[u].retry);
    // the wait is a deadline from the booking, not a count of sleeps: asked again on the next 10 s
    // mark after the last answer (never twice on one mark), none after confirmedAt + 60 s, however
    // long the peers took to answer. "Now" is a step's memoised output, so a replay takes the same turns.
    for (let k = 1, mark = 0; retrying().length; k++) {
      const answeredAt = await step.run(`ride-clock-${k}`, () => Date.now());
      mark = Math.max(mark + 1, Math.floor((answeredAt - event.ts) / (RETRY_WITHIN_WAIT_SECONDS * 1000)) + 1);
      if (mark * RETRY_WITHIN_WAIT_SECONDS > RIDE_WAIT_SECONDS) break;
      await step.sleepUntil(`ride-wait-${k}`, new Date(event.ts + mark * RETRY_WITHIN_WAIT_SECONDS * 1000));
      Object.assign(rides, await step.run(`ride-${k}`, () => arrangeRides(ctx, { caseUrn, reservationUrns: retrying(), confirmedAt })));
    }
    const live = reservationUrns.filter((u) => rides[u]?.live);
    if (live.length === 0) return { skipped: "reservation no longer confirmed" };
    // the chunk's vouchers and their messages in one transaction, each voucher rendered once and read set-based (lib/vouchers/issue.ts)
    const { vouchered, queued } = await step.run("voucher", () =>
      transaction(ctx, async (tx) => {
        const { issued } = await issueVouchers(tx, live);
        const queued = await queueVoucherMessagesOf(tx, issued, { sentByCaller: true, rideDecided: (urn) => rides[urn].decided });
        return { vouchered: issued.map((i) => i.reservation.urn), queued };
      }),
    );
    if (vouchered.length === 0) return { vouchered };
    // sent by this run, right after the vouchers' commit; what a server refused for now goes to the delivery job's retries
    const { sent, handOff, waitMs } = await step.run("send", () => sendStayMessagesNow(ctx, { reservationUrns: vouchered, version: 1 }));
    if (handOff.length) {
      // a gateway's Retry-After is kept: the delivery job's first try comes after it
      if (waitMs > 0) await step.sleep("hand-off-wait", `${Math.ceil(waitMs / 1000)}s`);
      await step.sendEvent("hand-off", handOff.map((messageUrn) => ({ name: "message/queued" as const, data: { tenant, messageUrn } })));
    }
    // the re-confirmations are scheduled from the pickups, now known: told once for the chunk, in the background lane
    if (vouchered.length) await step.sendEvent("planned", { name: "transport/planned" as const, data: { tenant, caseUrn, reservationUrns: vouchered, confirmedAt } });
    const later = vouchered.filter((u) => rides[u].retry);
    if (later.length === 0) return { vouchered, queued, sent };
    // a peer still says "not now" after the wait: keep asking; a ride decided after the voucher left is told once (a desk's decision meanwhile tells them too)
    for (const [k, wait] of RETRIES_AFTER.entries()) {
      const asking = later.filter((u) => rides[u].live && rides[u].retry);
      if (asking.length === 0) break;
      await step.sleep(`later-wait-${k}`, wait);
      Object.assign(rides, await step.run(`later-${k}`, () => arrangeRides(ctx, { caseUrn, reservationUrns: asking, confirmedAt })));
    }
    const decided = later.filter((u) => rides[u].decided && rides[u].live);
    if (decided.length) {
      await step.run("refresh", async () => {
        for (const u of decided) await refreshVoucher(ctx, u);
      });
      await step.run("follow-up", async () => {
        let n = 0;
        for (const u of decided) n += await queueRideFollowUp(ctx, u);
        return n;
      });
    }
    return { vouchered, queued, sent };
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
