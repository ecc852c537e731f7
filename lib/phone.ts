import { type SQL, sql } from "drizzle-orm";
import type { AnyColumn } from "drizzle-orm";

/**
 * A phone number as the SMS gateway takes it (E.164: +, country code, up to 15 digits), or null when
 * it cannot be read as one. Spaces, dots, dashes and brackets go; a leading 00 is the international
 * prefix. A number without a country code (0612…) is not guessed at: null.
 */
export function toE164(phone: string | null | undefined): string | null {
  if (!phone) return null;
  let n = phone.trim().replace(/[\s.\-()/]/g, "");
  if (n.startsWith("00")) n = `+${n.slice(2)}`;
  return /^\+[1-9]\d{6,14}$/.test(n) ? n : null;
}

/**
 * toE164 in SQL, for the queries that match a passenger's manifest number against the recipient an
 * SMS was written to (reach, the case's messages, the weekly report): the same form on both sides,
 * so `0033 6…` on the manifest is the `+336…` the message went to, and a number toE164 cannot read
 * is null (it matches nothing: nobody was texted there). tests/integration/messages/phone-sql.test.ts
 * checks it agrees with toE164.
 */
export function e164Sql(phone: SQL | AnyColumn): SQL<string | null> {
  const n = sql`regexp_replace(regexp_replace(btrim(${phone}), '[[:space:].()/-]', '', 'g'), '^00', '+')`;
  return sql<string | null>`(case when ${n} ~ '^[+][1-9][0-9]{6,14}$' then ${n} end)`;
}
