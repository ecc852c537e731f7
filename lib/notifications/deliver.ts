import { and, eq, inArray, isNull, lt, not, or } from "drizzle-orm";
import { messages, type MessageRow, vouchers } from "@/db/schema";
import { transaction, type Ctx } from "@/lib/context";
import { liveMailOnly, mailCase } from "@/lib/drills/mode";
import { caseSystems } from "@/lib/drills/systems";
import { pendingRunFor } from "@/lib/jobs/queries";
import { errorFields, log } from "@/lib/log";
import { isPermanentSmtpError, mailFrom, messageIdOf, smtpUrl, transportFor } from "./smtp";

/** the job that delivers one message on `message/queued` (inngest/functions/deliver-email.ts) */
export const DELIVER_EMAIL_JOB = "deliver-email";

/** How long one delivery holds a message before another run may try it (a crashed sender's lease). */
export const LEASE_MS = 2 * 60_000;

export type Delivery = { status: MessageRow["status"] | "BUSY" | "MISSING"; attempts: number };

/** A transient failure: the job throws it so the runner retries with backoff. */
export class TransientDeliveryError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "TransientDeliveryError";
  }
}

/**
 * Delivers one outbox message. Sent at most once per recipient and kind as far as we decide it:
 *  1. claim: lock the row, skip it if SENT or FAILED (done), or leased by another run; with no
 *     SMTP_URL mark it KEPT (readable on the Outbox page) and stop; else count the attempt and
 *     take a lease, and commit;
 *  2. send over SMTP, outside any transaction, with the urn as Message-ID;
 *  3. record SENT (and the voucher as delivered), or the error: a permanent refusal (5xx) or the
 *     last attempt is FAILED, anything else stays QUEUED and throws TransientDeliveryError.
 * The edge: a crash between 2 and 3 sends again on the retry (at-least-once across a crash);
 * the stable Message-ID lets a receiving system drop the duplicate.
 */
export async function deliverEmail(ctx: Ctx, messageUrn: string, opts: { lastAttempt: boolean; now?: () => Date }): Promise<Delivery> {
  const now = opts.now ?? (() => new Date());
  const url = smtpUrl();
  const claim = await transaction(ctx, async (tx) => {
    const [row] = await tx.db.select().from(messages).where(eq(messages.urn, messageUrn)).for("update");
    if (!row) return { done: { status: "MISSING", attempts: 0 } as Delivery };
    if (row.status === "SENT" || row.status === "FAILED") return { done: { status: row.status, attempts: row.attempts } as Delivery };
    // a drill's mail is never sent, whatever its status says
    const about = await mailCase(tx.db, row.relatedUrn);
    if (!url || (about && !(await caseSystems(tx, about)).messaging.send)) {
      if (row.status !== "KEPT") await tx.db.update(messages).set({ status: "KEPT", lastError: null }).where(eq(messages.urn, messageUrn));
      return { done: { status: "KEPT", attempts: row.attempts } as Delivery };
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

  try {
    await transportFor(url!).sendMail({
      from: mailFrom(),
      to: row.recipient,
      subject: row.subject,
      html: row.html,
      text: row.text,
      messageId: messageIdOf(row.urn),
      headers: { "X-Related-Urn": row.relatedUrn ?? "" },
    });
  } catch (err) {
    const permanent = isPermanentSmtpError(err) || opts.lastAttempt;
    const lastError = describe(err);
    await ctx.db
      .update(messages)
      .set({ status: permanent ? "FAILED" : "QUEUED", lastError, sendAfter: null })
      .where(and(eq(messages.urn, row.urn), eq(messages.status, "QUEUED")));
    log(permanent ? "error" : "warn", "email delivery failed", { messageUrn: row.urn, kind: row.kind, attempt: row.attempts, permanent, ...errorFields(err) });
    if (permanent) return { status: "FAILED", attempts: row.attempts };
    throw new TransientDeliveryError(`email ${row.urn}: ${lastError}`, { cause: err });
  }

  await transaction(ctx, async (tx) => {
    const at = now();
    await tx.db.update(messages).set({ status: "SENT", sentAt: at, lastError: null, sendAfter: null }).where(eq(messages.urn, row.urn));
    if (row.kind === "VOUCHER" && row.relatedUrn) {
      await tx.db
        .update(vouchers)
        .set({ deliveredAt: at })
        .where(and(eq(vouchers.reservationUrn, row.relatedUrn), isNull(vouchers.deliveredAt)));
    }
  });
  log("info", "email sent", { messageUrn: row.urn, kind: row.kind, attempt: row.attempts });
  return { status: "SENT", attempts: row.attempts };
}

/**
 * Mail to deliver again: QUEUED mail whose event may have been lost (no change for a while, no live
 * lease, and no delivery run still waiting for it: a backlog older than the sweep's age is not lost
 * mail, and re-queueing it only adds runs that find it SENT), and, once SMTP_URL is set, mail KEPT
 * while it was not.
 */
export async function staleQueued(ctx: Ctx, { olderThanMs, limit, now = new Date() }: { olderThanMs: number; limit: number; now?: Date }): Promise<{ urn: string; tenant: string }[]> {
  const cutoff = new Date(now.getTime() - olderThanMs);
  const statuses: MessageRow["status"][] = smtpUrl() ? ["QUEUED", "KEPT"] : ["QUEUED"];
  return ctx.db
    .select({ urn: messages.urn, tenant: messages.tenant })
    .from(messages)
    .where(
      and(
        inArray(messages.status, statuses),
        lt(messages.updatedAt, cutoff),
        or(isNull(messages.sendAfter), lt(messages.sendAfter, now)),
        liveMailOnly(),
        not(pendingRunFor(DELIVER_EMAIL_JOB, "messageUrn", messages.urn)),
      ),
    )
    .orderBy(messages.createdAt)
    .limit(limit);
}

/** An SMTP reply or a connection error, short, with no message content and no address (servers quote the recipient). */
function describe(err: unknown): string {
  const e = err as { responseCode?: number; response?: string; code?: string; message?: string };
  const text = (e.response ?? e.message ?? String(err)).replace(/[^\s@"'<>(),;:]+@[^\s@"'<>(),;:]+/g, "<address>");
  return `${e.responseCode ?? e.code ?? "error"}: ${text}`.slice(0, 500);
}

