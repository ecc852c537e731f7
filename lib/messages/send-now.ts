import { and, eq } from "drizzle-orm";
import { messages } from "@/db/schema";
import type { Ctx } from "@/lib/context";
import { retryAfterMs } from "@/lib/jobs/define";
import { errorFields, log } from "@/lib/log";
import { deliverMessage } from "./deliver";

/**
 * A stay's QUEUED messages of one version, sent now by the run that wrote them (the passenger's
 * flow, right after the voucher's commit) instead of by a delivery run each: the passenger is
 * reached as soon as the voucher exists, not after the delivery lane's queue, and a meltdown
 * saves a claimed run per message. Answers the messages it could not send (a server that said
 * "not now") and the longest wait a server asked for (a gateway's Retry-After): the caller hands
 * them to the delivery job (`message/queued`) once that wait is over, which retries with backoff. A crash before this runs leaves the rows QUEUED for the step's retry, and the
 * delivery sweep after it.
 */
export async function sendStayMessagesNow(ctx: Ctx, input: { reservationUrn: string; version: number }): Promise<{ sent: number; handOff: string[]; waitMs: number }> {
  const queued = await ctx.db
    .select({ urn: messages.urn })
    .from(messages)
    .where(and(eq(messages.relatedUrn, input.reservationUrn), eq(messages.tenant, ctx.principal.tenant), eq(messages.version, input.version), eq(messages.status, "QUEUED")));
  const handOff: string[] = [];
  let sent = 0;
  let waitMs = 0;
  await Promise.all(
    queued.map(async ({ urn }) => {
      try {
        const d = await deliverMessage(ctx, urn, { lastAttempt: false });
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
