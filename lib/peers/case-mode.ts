import { eq, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { cases, messages, reservations } from "@/db/schema";
import type { CaseMode } from "@/lib/vocabulary";

/** The subject line of a case's email: a drill's says so first, wherever it is read. */
export const subjectFor = (mode: CaseMode | string, subject: string) => (mode === "DRILL" ? `[DRILL] ${subject}` : subject);

/**
 * The case an outbox message is about (its URN and mode), for lib/peers/case-systems.ts to say whether
 * it may be sent: a drill's or shadow's is KEPT. The related URN is the reservation's, or starts
 * with it (`<reservationUrn>#return-leg:…`); null for mail about no reservation.
 */
export async function mailCase(db: DbOrTx, relatedUrn: string | null): Promise<{ urn: string; mode: CaseMode } | null> {
  if (!relatedUrn) return null;
  const [row] = await db
    .select({ urn: cases.urn, mode: cases.mode })
    .from(reservations)
    .innerJoin(cases, eq(cases.urn, reservations.caseUrn))
    .where(eq(reservations.urn, relatedUrn.split("#")[0]))
    .limit(1);
  return row ?? null;
}

/** The outbox rows about a live case or about no case: the ones a delivery sweep may pick. */
export function liveMailOnly(): SQL {
  return sql`not exists (select 1 from ${reservations} r join ${cases} c on c.urn = r.case_urn where r.urn = split_part(${messages.relatedUrn}, '#', 1) and c.mode <> 'LIVE')`;
}
