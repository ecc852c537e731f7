import { and, eq, inArray, notInArray } from "drizzle-orm";
import { messages } from "@/db/schema";
import type { Ctx } from "@/lib/context";
import { retryAfterMs } from "@/lib/jobs/define";
import { errorFields, log } from "@/lib/log";
import { claimFreeToSend, type Delivery, deliverClaimed, deliverMessage } from "./deliver";

/**
 * A stay's QUEUED messages of one version, sent now by the run that wrote them (the passenger's
 * flow, right after the voucher's commit) instead of by a delivery run each: the passenger is
 * reached as soon as the voucher exists, not after the delivery lane's queue, and a meltdown
 * saves a claimed run per message. Answers the messages it could not send (a server that said
 * "not now") and the longest wait a server asked for (a gateway's Retry-After): the caller hands
 * them to the delivery job (`message/queued`) once that wait is over, which retries with backoff.
 * The chunk's messages are claimed in one statement and each recorded as it is sent. A crash
 * before this runs leaves the rows QUEUED for the step's retry, and the delivery sweep after it.
 */
export async function sendStayMessagesNow(ctx: Ctx, input: { reservationUrns: string[]; version: number }): Promise<{ sent: number; handOff: string[]; waitMs: number }> {
  if (input.reservationUrns.length === 0) return { sent: 0, handOff: [], waitMs: 0 };
  const theirs = and(inArray(messages.relatedUrn, input.reservationUrns), eq(messages.tenant, ctx.principal.tenant), eq(messages.version, input.version));
  // the chunk's messages claimed in one statement; the few the claim leaves (a drill's, no server, leased) go the long way, which says why
  const claimed = await claimFreeToSend(ctx, theirs, new Date());
  const rest = await ctx.db
    .select({ urn: messages.urn })
    .from(messages)
    .where(and(theirs, eq(messages.status, "QUEUED"), claimed.length ? notInArray(messages.urn, claimed.map((m) => m.urn)) : undefined));
  const handOff: string[] = [];
  let sent = 0;
  let waitMs = 0;
  // sent side by side over the pooled connections, each recorded as soon as the server took it
  const jobs: { urn: string; deliver: () => Promise<Delivery> }[] = [
    ...claimed.map((row) => ({ urn: row.urn, deliver: () => deliverClaimed(ctx, row, { lastAttempt: false }) })),
    ...rest.map(({ urn }) => ({ urn, deliver: () => deliverMessage(ctx, urn, { lastAttempt: false }) })),
  ];
  await Promise.all(
    jobs.map(async ({ urn, deliver }) => {
      try {
        const d = await deliver();
        if (d.status === "SENT" || d.status === "DELIVERED") sent += 1;
      } catch (err) {
        log("warn", "a message could not be sent at once: the delivery job retries it", { messageUrn: urn, ...errorFields(err) });
        handOff.push(urn);
        waitMs = Math.max(waitMs, retryAfterMs(err, Date.now()));
      }
    }),
  );
  return { sent, handOff: handOff.sort(), waitMs };
}
