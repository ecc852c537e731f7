import { and, eq } from "drizzle-orm";
import { smsOptOuts } from "@/db/schema";
import type { DbOrTx } from "@/db/client";

/** What an SMS to a number that replied STOP records instead of being sent. */
export const OPTED_OUT_ERROR = "opted out (STOP)";

export async function isOptedOut(db: DbOrTx, tenant: string, phone: string): Promise<boolean> {
  const [row] = await db.select({ phone: smsOptOuts.phone }).from(smsOptOuts).where(and(eq(smsOptOuts.tenant, tenant), eq(smsOptOuts.phone, phone))).limit(1);
  return Boolean(row);
}

/** STOP (or the gateway's 21610): the number gets nothing more from this tenant until START (lib/messages/sms-reply.ts deletes it, for every tenant). */
export async function recordOptOut(db: DbOrTx, tenant: string, phone: string): Promise<void> {
  await db.insert(smsOptOuts).values({ tenant, phone }).onConflictDoNothing();
}

