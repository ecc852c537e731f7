import { and, eq, inArray, isNull, lte, or, type SQL, sql } from "drizzle-orm";
import { cases, messages, type MessageRow, smsOptOuts, vouchers } from "@/db/schema";
import type { MessageReceiptJson } from "@/db/schema/messages";
import { transaction, type Ctx } from "@/lib/context";
import { isDatabaseUnavailable } from "@/db/unavailable";
import { mailCase } from "@/lib/peers/case-mode";
import { RetryAfterError } from "@/lib/jobs/define";
import { errorFields, log } from "@/lib/log";
import { noServerReason, smsEndpoint } from "./channels";
import { messagesGoOut } from "./goes-out";
import { isVoucherKind } from "./kinds";
import { isOptedOut, OPTED_OUT_ERROR, recordOptOut } from "./opt-out";
import { sendEmailMessage } from "./send-email";
import { type SendOutcome, TransientDeliveryError } from "./send-outcome";
import { sendSmsMessage } from "./send-sms";
import { smtpUrl } from "./smtp";

/** the job that delivers one message on `message/queued` (inngest/functions/deliver-message.ts) */
export const DELIVER_MESSAGE_JOB = "deliver-message";

/** How long one delivery holds a message before another run may try it (a crashed sender's lease). */
export const LEASE_MS = 2 * 60_000;

export type Delivery = { status: MessageRow["status"] | "BUSY" | "MISSING"; attempts: number };

export { TransientDeliveryError };

/**
 * Delivers one outbox message, by its channel. Sent at most once per recipient and kind as far as we decide it:
 *  1. claim: lock the row, skip it if SENT, DELIVERED or FAILED (done), or leased by another run;
 *     a drill's, or one whose channel has no server (no SMTP_URL, no SMS_URL), is KEPT; an SMS to
 *     a number that replied STOP is FAILED unsent; else count the attempt, take a lease, commit;
 *  2. send, outside any transaction: email over SMTP with the urn as Message-ID, SMS through the
 *     gateway with the urn as Idempotency-Key (a retry after a lost answer texts nobody twice);
 *  3. record SENT with the provider's id (an email voucher marks the voucher delivered; an SMS one
 *     waits for its DELIVERED receipt), or FAILED for a permanent refusal or the last attempt;
 *     anything else stays QUEUED and throws for the runner's backoff (a gateway's Retry-After kept).
 * The edge: an email sent just before a crash is sent again on the retry (its stable Message-ID
 * lets the receiver drop it); an SMS is not, the gateway knowing its key. A database away for a
 * moment (a restart, a failover) when SENT is recorded is waited out (recordSentWhenBack), since
 * only this process knows the server took the message.
 */
export async function deliverMessage(ctx: Ctx, messageUrn: string, opts: { lastAttempt: boolean; now?: () => Date }): Promise<Delivery> {
  const now = opts.now ?? (() => new Date());
  const [fast] = await claimFreeToSend(ctx, eq(messages.urn, messageUrn), now());
  const claim = fast ? { row: fast } : await claimOrSayWhy(ctx, messageUrn, now);
  if ("done" in claim) return claim.done!;
  return deliverClaimed(ctx, claim.row, opts);
}

/**
 * Steps 2 and 3 of deliverMessage for a message this run claimed (its attempt counted, its lease
 * taken): sent, then recorded. The passenger's flow claims a chunk's messages in one statement
 * (claimFreeToSend) and delivers each of them here.
 */
export async function deliverClaimed(ctx: Ctx, row: MessageRow, opts: { lastAttempt: boolean; now?: () => Date }): Promise<Delivery> {
  const now = opts.now ?? (() => new Date());
  let outcome: SendOutcome;
  try {
    outcome = row.channel === "SMS" ? await sendSmsMessage(smsEndpoint()!, row) : await sendEmailMessage(smtpUrl()!, row);
  } catch (err) {
    const detail = err instanceof TransientDeliveryError ? err.detail : String((err as Error)?.message ?? err).slice(0, 500);
    await ctx.db
      .update(messages)
      .set({ status: opts.lastAttempt ? "FAILED" : "QUEUED", lastError: detail, sendAfter: null })
      .where(and(eq(messages.urn, row.urn), eq(messages.status, "QUEUED")));
    log(opts.lastAttempt ? "error" : "warn", `${row.channel.toLowerCase()} delivery failed`, { messageUrn: row.urn, kind: row.kind, attempt: row.attempts, permanent: opts.lastAttempt, ...errorFields(err) });
    if (opts.lastAttempt) return { status: "FAILED", attempts: row.attempts };
    const wait = err instanceof TransientDeliveryError ? err.retryAfterMs : null;
    if (wait) throw new RetryAfterError(`${row.channel} ${row.urn}: ${detail}`, Math.max(1000, wait), { cause: err });
    throw err instanceof TransientDeliveryError ? err : new TransientDeliveryError(detail, { cause: err });
  }

  if (!outcome.sent) {
    await transaction(ctx, async (tx) => {
      await tx.db.update(messages).set({ status: "FAILED", lastError: outcome.lastError, sendAfter: null }).where(and(eq(messages.urn, row.urn), eq(messages.status, "QUEUED")));
      if (outcome.optedOut) await recordOptOut(tx.db, row.tenant, row.recipient);
    });
    log("error", `${row.channel.toLowerCase()} refused`, { messageUrn: row.urn, kind: row.kind, attempt: row.attempts, error: outcome.lastError });
    return { status: "FAILED", attempts: row.attempts };
  }

  await recordSentWhenBack(ctx, row, outcome, now());
  log("info", `${row.channel.toLowerCase()} sent`, { messageUrn: row.urn, kind: row.kind, attempt: row.attempts });
  return { status: "SENT", attempts: row.attempts };
}

/**
 * The common case claimed in one statement (a meltdown sends thousands), for the messages `which`
 * selects: each QUEUED message free to send (no lease), of a live case, on a channel with a server,
 * and not an SMS to a number that said STOP. Answers the rows it claimed; anything else (no case on
 * the row, a drill, no server, opted out, leased, done) is left for the long way, which says why.
 */
export async function claimFreeToSend(ctx: Ctx, which: SQL | undefined, at: Date): Promise<MessageRow[]> {
  const channels = (["EMAIL", "SMS"] as const).filter((c) => !noServerReason(c));
  if (!channels.length) return [];
  return ctx.db
    .update(messages)
    .set({ attempts: sql`${messages.attempts} + 1`, sendAfter: new Date(at.getTime() + LEASE_MS) })
    .where(
      and(
        which,
        eq(messages.status, "QUEUED"),
        or(isNull(messages.sendAfter), lte(messages.sendAfter, at)),
        inArray(messages.channel, channels),
        sql`exists (select 1 from ${cases} where ${cases.urn} = ${messages.caseUrn} and ${cases.mode} = 'LIVE')`,
        sql`(${messages.channel} <> 'SMS' or not exists (select 1 from ${smsOptOuts} where ${smsOptOuts.tenant} = ${messages.tenant} and ${smsOptOuts.phone} = ${messages.recipient}))`,
      ),
    )
    .returning();
}

/**
 * How long a sent message's SENT waits for a database that cannot be reached: a restart or a failover
 * takes seconds. Under the lease (LEASE_MS), so no other run claims the message meanwhile; past it
 * the error goes to the caller's retry, which can only send the message again.
 */
const RECORD_PATIENCE_MS = 90_000;

/**
 * recordSent, tried again while the database cannot be reached. Thrown to the step's retry, the
 * message would stay QUEUED under its lease and be sent a second time once the lease lapsed: the
 * chaos bench's PostgreSQL restart (docs/benchmarks.md) had every email accepted during those
 * seconds received twice.
 */
async function recordSentWhenBack(ctx: Ctx, row: MessageRow, outcome: { providerMessageId: string | null; receipt: MessageReceiptJson }, at: Date): Promise<void> {
  const giveUpAt = Date.now() + RECORD_PATIENCE_MS;
  for (let wait = 250; ; wait = Math.min(wait * 2, 5_000)) {
    try {
      return await recordSent(ctx, row, outcome, at);
    } catch (err) {
      if (!isDatabaseUnavailable(err) || Date.now() + wait > giveUpAt) throw err;
      log("warn", "a sent message waits for the database to record it", { messageUrn: row.urn, waitMs: wait, ...errorFields(err) });
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}

/** SENT with the provider's id, and an email voucher's voucher delivered, in one statement. */
async function recordSent(ctx: Ctx, row: MessageRow, outcome: { providerMessageId: string | null; receipt: MessageReceiptJson }, at: Date): Promise<void> {
  // a receipt may have overtaken this answer (DELIVERED already): it is never taken back to SENT
  const sent = sql`update ${messages} set provider_message_id = ${outcome.providerMessageId}, sent_at = ${at}, send_after = null, updated_at = ${at},
      receipts = ${appendReceipt(outcome.receipt)},
      last_error = case when status = 'QUEUED' then null else last_error end,
      status = case when status = 'QUEUED' then 'SENT' else status end
    where urn = ${row.urn} returning urn`;
  if (row.channel === "EMAIL" && isVoucherKind(row.kind) && row.relatedUrn) {
    await ctx.db.execute(sql`with sent as (${sent}) update ${vouchers} set delivered_at = ${at}, updated_at = ${at} where reservation_urn = ${row.relatedUrn} and delivered_at is null and exists (select 1 from sent)`);
  } else {
    await ctx.db.execute(sent);
  }
}

/** The long way: the row locked and read, and each reason not to send it now recorded and answered; else claimed. */
async function claimOrSayWhy(ctx: Ctx, messageUrn: string, now: () => Date): Promise<{ done: Delivery } | { row: MessageRow }> {
  return transaction(ctx, async (tx) => {
    const [row] = await tx.db.select().from(messages).where(eq(messages.urn, messageUrn)).for("update");
    if (!row) return { done: { status: "MISSING", attempts: 0 } as Delivery };
    if (row.status === "SENT" || row.status === "DELIVERED" || row.status === "FAILED") return { done: { status: row.status, attempts: row.attempts } as Delivery };
    // a drill's message is never sent, whatever its status says
    const about = row.caseUrn ?? (await mailCase(tx.db, row.relatedUrn))?.urn ?? null;
    const exercise = !(await messagesGoOut(tx, about)).live;
    const kept = exercise ? `not sent: an exercise case's messages stay in the outbox` : noServerReason(row.channel);
    if (kept) {
      if (row.status !== "KEPT") await tx.db.update(messages).set({ status: "KEPT", lastError: kept }).where(eq(messages.urn, messageUrn));
      return { done: { status: "KEPT", attempts: row.attempts } as Delivery };
    }
    if (row.channel === "SMS" && (await isOptedOut(tx.db, row.tenant, row.recipient))) {
      await tx.db.update(messages).set({ status: "FAILED", lastError: OPTED_OUT_ERROR, sendAfter: null }).where(eq(messages.urn, messageUrn));
      return { done: { status: "FAILED", attempts: row.attempts } as Delivery };
    }
    if (row.sendAfter && row.sendAfter > now()) return { done: { status: "BUSY", attempts: row.attempts } as Delivery };
    const attempts = row.attempts + 1;
    await tx.db
      .update(messages)
      .set({ status: "QUEUED", attempts, sendAfter: new Date(now().getTime() + LEASE_MS) })
      .where(eq(messages.urn, messageUrn));
    return { row: { ...row, attempts } };
  });
}

/** receipts || [receipt], in one statement (a concurrent status callback appends its own) */
export const appendReceipt = (receipt: MessageReceiptJson) => sql`${messages.receipts} || ${JSON.stringify([receipt])}::jsonb`;

/** A voucher message that arrived (an email SENT, an SMS DELIVERED): the stay's voucher was delivered. */
export async function markVoucherDelivered(ctx: Ctx, row: Pick<MessageRow, "kind" | "relatedUrn">, at: Date): Promise<void> {
  if (!isVoucherKind(row.kind) || !row.relatedUrn) return;
  await ctx.db
    .update(vouchers)
    .set({ deliveredAt: at })
    .where(and(eq(vouchers.reservationUrn, row.relatedUrn), isNull(vouchers.deliveredAt)));
}

