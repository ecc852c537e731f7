import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { messages, smsOptOuts } from "@/db/schema";
import { transaction, type Ctx } from "@/lib/context";
import { log } from "@/lib/log";
import { toE164 } from "@/lib/phone";
import { recordOptOut } from "./opt-out";

/** An inbound message's fields, those we read. */
export const SmsInboundForm = z
  .object({
    From: z.string().min(1).max(32).describe("the passenger's number"),
    To: z.string().max(32).optional().describe("our number"),
    Body: z.string().max(1600).default("").describe("what they wrote"),
    MessageSid: z.string().max(64).optional(),
  })
  .meta({ id: "SmsInbound" });
export type SmsInboundForm = z.infer<typeof SmsInboundForm>;

/** Twilio's opt-out and opt-in keywords (the gateway honours them too, and refuses later sends with 21610). */
const STOP_WORDS = new Set(["STOP", "STOPALL", "UNSUBSCRIBE", "CANCEL", "END", "QUIT", "REVOKE", "OPTOUT"]);
const START_WORDS = new Set(["START", "UNSTOP", "YES"]);

export type ReplyOutcome = { action: "OPTED_OUT" | "OPTED_IN" | "IGNORED"; tenants: number };

/**
 * A passenger texting back. STOP (or another opt-out word) records the number opted out for every
 * tenant that has texted it (the gateway is the operator's, not a tenant's), so no later message
 * is sent to it (queueMessages writes it FAILED "opted out (STOP)"); START removes that. Anything
 * else is only logged: nobody reads replies here.
 */
export async function recordSmsReply(ctx: Ctx, form: SmsInboundForm): Promise<ReplyOutcome> {
  const phone = toE164(form.From);
  const word = form.Body.trim().split(/\s+/)[0]?.toUpperCase() ?? "";
  if (!phone || (!STOP_WORDS.has(word) && !START_WORDS.has(word))) {
    log("info", "SMS reply ignored: not STOP or START", { words: form.Body.trim().split(/\s+/).length });
    return { action: "IGNORED", tenants: 0 };
  }
  return transaction(ctx, async (tx) => {
    if (START_WORDS.has(word)) {
      const gone = await tx.db.delete(smsOptOuts).where(eq(smsOptOuts.phone, phone)).returning({ tenant: smsOptOuts.tenant });
      return { action: "OPTED_IN" as const, tenants: gone.length };
    }
    const tenants = await tx.db.selectDistinct({ tenant: messages.tenant }).from(messages).where(and(eq(messages.channel, "SMS"), eq(messages.recipient, phone)));
    for (const { tenant } of tenants) await recordOptOut(tx.db, tenant, phone);
    return { action: "OPTED_OUT" as const, tenants: tenants.length };
  });
}
