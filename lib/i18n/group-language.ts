import { and, asc, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { passengers } from "@/db/schema";
import { isLocale, type Locale } from "./locales";

/**
 * The language a group is written to (vouchers, messages): its first passenger's, in manifest order,
 * that has one (from the manifest or the passenger page's switch); null when none has: English.
 * Server only (reads the database); the dictionaries in ./index stay importable by the browser.
 */
export async function groupLanguage(db: DbOrTx, caseUrn: string, groupId: string): Promise<Locale | null> {
  const rows = await db
    .select({ language: passengers.language })
    .from(passengers)
    .where(and(eq(passengers.caseUrn, caseUrn), eq(passengers.groupId, groupId)))
    .orderBy(asc(passengers.position), asc(passengers.passengerId));
  return languageOfGroup(rows);
}

/** The same, from the group's passengers already read in manifest order. */
export function languageOfGroup(rows: readonly { language: string | null }[]): Locale | null {
  return rows.map((r) => r.language).find(isLocale) ?? null;
}
