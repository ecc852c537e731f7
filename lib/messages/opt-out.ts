import { and, eq, inArray } from "drizzle-orm";
import { smsOptOuts } from "@/db/schema";
import type { DbOrTx } from "@/db/client";

/** What an SMS to a number that replied STOP records instead of being sent. */
export const OPTED_OUT_ERROR = "opted out (STOP)";

export async function isOptedOut(db: DbOrTx, tenant: string, phone: string): Promise<boolean> {
  return (await optedOutAmong(db, tenant, [phone])).has(phone);
}

/** Which of these numbers replied STOP to the tenant, in one read (a chunk's messages). */
export async function optedOutAmong(db: DbOrTx, tenant: string, phones: readonly string[]): Promise<Set<string>> {
  if (!phones.length) return new Set();
  const rows = await db.select({ phone: smsOptOuts.phone }).from(smsOptOuts).where(and(eq(smsOptOuts.tenant, tenant), inArray(smsOptOuts.phone, [...new Set(phones)])));
  return new Set(rows.map((r) => r.phone));
}

/** STOP (or the gateway's 21610): the number gets nothing more from this tenant until START (lib/messages/sms-reply.ts deletes it, for every tenant). */
export async function recordOptOut(db: DbOrTx, tenant: string, phone: string): Promise<void> {
  await db.insert(smsOptOuts).values({ tenant, phone }).onConflictDoNothing();
}

