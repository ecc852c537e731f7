import { and, eq, or, sql } from "drizzle-orm";
import { z } from "zod";
import { messages } from "@/db/schema";
import { transaction, type Ctx } from "@/lib/context";
import { log } from "@/lib/log";
import { OPTED_OUT_CODE } from "@/lib/sms/errors";
import { SMS_STATUSES } from "@/lib/sms/wire";
import { appendReceipt, markVoucherDelivered } from "./deliver";
import { recordOptOut } from "./opt-out";

/** A status callback's fields, those we read (the gateway sends more). */
export const SmsStatusForm = z
  .object({
    MessageSid: z.string().min(1).max(64).describe("the gateway's id of the message"),
    MessageStatus: z.enum(SMS_STATUSES).describe("its new status"),
    ErrorCode: z.string().max(16).optional().describe("why it was not delivered (30003 unreachable, 21610 opted out, …)"),
    To: z.string().max(32).optional(),
  })
  .meta({ id: "SmsStatusCallback" });
export type SmsStatusForm = z.infer<typeof SmsStatusForm>;

export type ReceiptOutcome = { recorded: boolean; status?: string };

/**
 * A delivery receipt: appended to the message's receipts {status, at, code}; `sent` moves QUEUED to
 * SENT, `delivered` SENT (or QUEUED, a receipt overtaking our own record) to DELIVERED and marks a
 * voucher message's voucher delivered, `undelivered`/`failed` to FAILED with the gateway's code
 * named. DELIVERED is never taken back. The message is found by the urn in the callback URL we
 * handed the gateway (checked against the sid once we know it) or by its sid. An unknown one is
 * ignored: the gateway would retry an error for nothing.
 */
export async function recordSmsReceipt(ctx: Ctx, input: { messageUrn: string | null; form: SmsStatusForm; now?: Date }): Promise<ReceiptOutcome> {
  const { form } = input;
  const at = input.now ?? new Date();
  return transaction(ctx, async (tx) => {
    const [row] = await tx.db
      .select()
      .from(messages)
      .where(
        and(
          eq(messages.channel, "SMS"),
          or(
            eq(messages.providerMessageId, form.MessageSid),
            input.messageUrn ? and(eq(messages.urn, input.messageUrn), or(sql`${messages.providerMessageId} is null`, eq(messages.providerMessageId, form.MessageSid))) : undefined,
          ),
        ),
      )
      .limit(1)
      .for("update");
    if (!row) {
      log("warn", "SMS status callback for an unknown message: ignored", { messageSid: form.MessageSid, status: form.MessageStatus });
      return { recorded: false };
    }
    const code = form.ErrorCode || undefined;
    const set: Partial<typeof messages.$inferInsert> = { providerMessageId: form.MessageSid };
    const failed = form.MessageStatus === "undelivered" || form.MessageStatus === "failed";
    if (form.MessageStatus === "delivered" && row.status !== "FAILED") Object.assign(set, { status: "DELIVERED", deliveredAt: at, lastError: null, sendAfter: null });
    else if (form.MessageStatus === "sent" && row.status === "QUEUED") Object.assign(set, { status: "SENT", sentAt: row.sentAt ?? at, sendAfter: null });
    else if (failed && row.status !== "DELIVERED") Object.assign(set, { status: "FAILED", lastError: `${form.MessageStatus} (error ${code ?? "unknown"})`, sendAfter: null });
    await tx.db
      .update(messages)
      .set({ ...set, receipts: appendReceipt({ status: form.MessageStatus, at: at.toISOString(), ...(code ? { code } : {}) }) })
      .where(eq(messages.urn, row.urn));
    if (set.status === "DELIVERED") await markVoucherDelivered(tx, row, at);
    if (failed && code === String(OPTED_OUT_CODE)) await recordOptOut(tx.db, row.tenant, row.recipient);
    return { recorded: true, status: set.status ?? row.status };
  });
}
