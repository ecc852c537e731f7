import { and, eq, isNull, sql } from "drizzle-orm";
import { messages, type MessageRow, vouchers } from "@/db/schema";
import type { MessageReceiptJson } from "@/db/schema/messages";
import { transaction, type Ctx } from "@/lib/context";
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
 * lets the receiver drop it); an SMS is not, the gateway knowing its key.
 */
export async function deliverMessage(ctx: Ctx, messageUrn: string, opts: { lastAttempt: boolean; now?: () => Date }): Promise<Delivery> {
  const now = opts.now ?? (() => new Date());
  const claim = await transaction(ctx, async (tx) => {
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
  if ("done" in claim) return claim.done!;
  const row = claim.row;

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

  await transaction(ctx, async (tx) => {
    const at = now();
    await tx.db
      .update(messages)
      .set({ providerMessageId: outcome.providerMessageId, sentAt: at, sendAfter: null, receipts: appendReceipt(outcome.receipt) })
      .where(eq(messages.urn, row.urn));
    // a receipt may have overtaken this answer (DELIVERED already): it is never taken back to SENT
    await tx.db.update(messages).set({ status: "SENT", lastError: null }).where(and(eq(messages.urn, row.urn), eq(messages.status, "QUEUED")));
    if (row.channel === "EMAIL") await markVoucherDelivered(tx, row, at);
  });
  log("info", `${row.channel.toLowerCase()} sent`, { messageUrn: row.urn, kind: row.kind, attempt: row.attempts });
  return { status: "SENT", attempts: row.attempts };
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

