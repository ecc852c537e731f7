import { eq } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { cases } from "@/db/schema";
import type { CaseMode } from "@/lib/vocabulary";

/** What a case is that never changes once it is written: its tenant, its airport (the flight's origin) and its mode. */
export type CaseFacts = { tenant: string; airport: string; mode: CaseMode };

/**
 * A case's unchanging facts, read once per process. Every step of a passenger's flow asks whether its
 * case is a drill (case-systems) and which airport its audit entries belong to: in a meltdown that was
 * three to five reads per group of the same row. Nothing updates these columns (lib/cases changes
 * status, next flight and revision only) and case URNs are never reused, so a fact once read stays
 * true; a URN that names no case is not kept (it may be written later). Bounded: the oldest entries
 * leave first.
 */
const MAX = 20_000;
const known = new Map<string, CaseFacts>();

export async function caseFacts(db: DbOrTx, caseUrn: string): Promise<CaseFacts | null> {
  const hit = known.get(caseUrn);
  if (hit) return hit;
  const [row] = await db.select({ tenant: cases.tenant, airport: cases.airport, mode: cases.mode }).from(cases).where(eq(cases.urn, caseUrn)).limit(1);
  if (!row) return null;
  if (known.size >= MAX) known.delete(known.keys().next().value!);
  known.set(caseUrn, row);
  return row;
}
