import { and, asc, eq } from "drizzle-orm";
import { passengers } from "@/db/schema";
import type { Ctx } from "@/lib/context";
import { DEFAULT_LOCALE, isLocale, type Locale } from "@/lib/i18n";
import { log } from "@/lib/log";
import type { MessageChannel } from "@/lib/vocabulary";
import { toE164 } from "@/lib/phone";

export type Recipient = { channel: MessageChannel; address: string; locale: Locale };

/**
 * Whom a message about a passenger group goes to: each distinct email (lowercased) by EMAIL and
 * each distinct phone (E.164) by SMS, in manifest order, in the language of the first passenger
 * with that address (their `language`, else English). A passenger with both gets both; a number
 * that cannot be read as E.164 is skipped and logged (without the number).
 */
export async function recipientsOfGroup(ctx: Ctx, caseUrn: string, groupId: string): Promise<Recipient[]> {
  const rows = await ctx.db
    .select({ passengerId: passengers.passengerId, email: passengers.email, phone: passengers.phone, language: passengers.language })
    .from(passengers)
    .where(and(eq(passengers.caseUrn, caseUrn), eq(passengers.groupId, groupId)))
    .orderBy(asc(passengers.position), asc(passengers.passengerId));
  return recipientsFrom(caseUrn, groupId, rows);
}

/** The same from the group's passengers read already, in manifest order (a chunk's, lib/vouchers/model.ts). */
export function recipientsFrom(caseUrn: string, groupId: string, rows: readonly { passengerId: string; email: string | null; phone: string | null; language: string | null }[]): Recipient[] {
  const seen = new Set<string>();
  const out: Recipient[] = [];
  const add = (channel: MessageChannel, address: string, locale: Locale) => {
    if (seen.has(`${channel}:${address}`)) return;
    seen.add(`${channel}:${address}`);
    out.push({ channel, address, locale });
  };
  for (const p of rows) {
    const locale = isLocale(p.language) ? p.language : DEFAULT_LOCALE;
    const { email, phone } = addressesOf(p);
    if (email) add("EMAIL", email, locale);
    if (phone) add("SMS", phone, locale);
    else if (p.phone?.trim()) log("warn", "phone number skipped: not E.164", { caseUrn, groupId, passengerId: p.passengerId });
  }
  return out;
}

/** A passenger's addresses as messages are written to them: the email trimmed and lowercased, the phone in E.164 (null: none usable). */
export function addressesOf(p: { email: string | null; phone: string | null }): { email: string | null; phone: string | null } {
  return { email: p.email?.trim().toLowerCase() || null, phone: toE164(p.phone) };
}
