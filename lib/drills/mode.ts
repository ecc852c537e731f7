import { and, eq, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { cases, messages, reservations } from "@/db/schema";
import type { Ctx } from "@/lib/context";
import type { CaseMode } from "@/lib/vocabulary";

/** The mode of a case of the caller's tenant (LIVE when there is no such case). */
export async function caseMode(ctx: Ctx, caseUrn: string): Promise<CaseMode> {
  const [row] = await ctx.db
    .select({ mode: cases.mode })
    .from(cases)
    .where(and(eq(cases.urn, caseUrn), eq(cases.tenant, ctx.principal.tenant)))
    .limit(1);
  return row?.mode ?? "LIVE";
}

/** The subject line of a case's email: a drill's says so first, wherever it is read. */
export const subjectFor = (mode: CaseMode | string, subject: string) => (mode === "DRILL" ? `[DRILL] ${subject}` : subject);

/**
 * Whether an outbox message is about a drill's (or shadow's) reservation: such mail is KEPT, never
 * sent. The related URN is the reservation's, or starts with it (`<reservationUrn>#return-leg:…`).
 */
export async function isExerciseMail(db: DbOrTx, relatedUrn: string | null): Promise<boolean> {
  if (!relatedUrn) return false;
  const [row] = await db
    .select({ mode: cases.mode })
    .from(reservations)
    .innerJoin(cases, eq(cases.urn, reservations.caseUrn))
    .where(eq(reservations.urn, relatedUrn.split("#")[0]))
    .limit(1);
  return Boolean(row && row.mode !== "LIVE");
}

/** The outbox rows about a live case or about no case: the ones a delivery sweep may pick. */
export function liveMailOnly(): SQL {
  return sql`not exists (select 1 from ${reservations} r join ${cases} c on c.urn = r.case_urn where r.urn = split_part(${messages.relatedUrn}, '#', 1) and c.mode <> 'LIVE')`;
}
