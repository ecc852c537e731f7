import { and, eq, inArray, isNull, lt, not, or, type SQL } from "drizzle-orm";
import { messages, type MessageRow } from "@/db/schema";
import type { Ctx } from "@/lib/context";
import { liveMailOnly } from "@/lib/peers/case-mode";
import { pendingRunFor } from "@/lib/jobs/queries";
import type { MessageChannel } from "@/lib/vocabulary";
import { noServerReason } from "./channels";
import { DELIVER_MESSAGE_JOB } from "./deliver";

/**
 * Messages to deliver again, of both channels: QUEUED ones whose event may have been lost (no
 * change for a while, no live lease, and no delivery run still waiting for it: a backlog older than
 * the sweep's age is not lost mail, and re-queueing it only adds runs that find it SENT), and, for
 * a channel whose server is configured now (SMTP_URL, SMS_URL), those KEPT while it was not.
 */
export async function staleQueued(ctx: Ctx, { olderThanMs, limit, now = new Date() }: { olderThanMs: number; limit: number; now?: Date }): Promise<{ urn: string; tenant: string }[]> {
  const cutoff = new Date(now.getTime() - olderThanMs);
  const byChannel = (["EMAIL", "SMS"] as MessageChannel[]).map((channel): SQL => {
    const statuses: MessageRow["status"][] = noServerReason(channel) ? ["QUEUED"] : ["QUEUED", "KEPT"];
    return and(eq(messages.channel, channel), inArray(messages.status, statuses))!;
  });
  return ctx.db
    .select({ urn: messages.urn, tenant: messages.tenant })
    .from(messages)
    .where(
      and(
        or(...byChannel),
        lt(messages.updatedAt, cutoff),
        or(isNull(messages.sendAfter), lt(messages.sendAfter, now)),
        liveMailOnly(),
        not(pendingRunFor(DELIVER_MESSAGE_JOB, "messageUrn", messages.urn)),
      ),
    )
    .orderBy(messages.createdAt)
    .limit(limit);
}
