import { and, eq, sql } from "drizzle-orm";
import { cases, type CaseRow } from "@/db/schema";
import { writeAudit } from "@/lib/audit/write";
import type { Ctx } from "@/lib/context";
import { conflict, type DomainError } from "@/lib/errors";
import type { CaseStatus } from "@/lib/vocabulary";

/**
 * The case lifecycle (spec 3.2, contract part 4). Every status but CLOSED is open. A move not
 * listed here is refused with the reason given in WHY (or CASE_CLOSED when leaving CLOSED).
 */
export const CASE_TRANSITIONS: Record<CaseStatus, readonly CaseStatus[]> = {
  OPEN: ["ALLOCATING", "MANUAL_REVIEW", "CLOSED"],
  // an allocation run ends in booking, in review (no policy, held groups) or back at OPEN (nothing to place)
  ALLOCATING: ["BOOKING", "MANUAL_REVIEW", "OPEN", "CLOSED"],
  BOOKING: ["ACCOMMODATED", "MANUAL_REVIEW", "CLOSED"],
  // an incremental demand starts another wave on an accommodated case
  ACCOMMODATED: ["ALLOCATING", "MANUAL_REVIEW", "CLOSED"],
  // resolving the last item returns the case to the normal flow, wherever it was
  MANUAL_REVIEW: ["OPEN", "ALLOCATING", "BOOKING", "ACCOMMODATED", "CLOSED"],
  CLOSED: ["REOPENED"],
  REOPENED: ["ALLOCATING", "BOOKING", "ACCOMMODATED", "MANUAL_REVIEW", "CLOSED"],
};

const WHY: Partial<Record<CaseStatus, string>> = {
  OPEN: "a case returns to OPEN only from allocation or manual review",
  ALLOCATING: "allocation starts from OPEN, ACCOMMODATED, MANUAL_REVIEW or REOPENED",
  BOOKING: "booking follows an allocation or a resolved review",
  ACCOMMODATED: "a case is accommodated once booking finishes",
  REOPENED: "only a CLOSED case can be reopened",
};

export function canTransition(from: string, to: CaseStatus): boolean {
  return (CASE_TRANSITIONS[from as CaseStatus] ?? []).includes(to);
}

/** Why from → to is refused, or null when it is allowed. */
export function transitionError(from: string, to: CaseStatus): DomainError | null {
  if (canTransition(from, to)) return null;
  if (from === "CLOSED") return conflict("CASE_CLOSED", `The case is CLOSED; only an ADMIN reopen changes it (asked: ${to}).`);
  if (from === to) return conflict("INVALID_TRANSITION", `The case is already ${to}.`);
  return conflict("INVALID_TRANSITION", `A ${from} case cannot move to ${to}: ${WHY[to] ?? "not an allowed move"}.`);
}

export function assertTransition(from: string, to: CaseStatus): void {
  const err = transitionError(from, to);
  if (err) throw err;
}

export type MoveCaseInput = {
  to: CaseStatus;
  /** audit action, e.g. close, reopen, allocate */
  action: string;
  reason?: string | null;
  /** other columns that change with the status (closedAt, closeReason, ...) */
  set?: Partial<Pick<CaseRow, "closedAt" | "closeReason">>;
};

/**
 * Moves a case to another status and audits it. The UPDATE names the status it expects, so of two
 * concurrent moves from the same status only one wins; the loser gets the refusal its now-stale
 * status would have had. Call inside a transaction.
 */
export async function moveCase(ctx: Ctx, row: CaseRow, input: MoveCaseInput): Promise<CaseRow> {
  assertTransition(row.status, input.to);
  const [after] = await ctx.db
    .update(cases)
    .set({ status: input.to, ...input.set, revision: sql`${cases.revision} + 1` })
    .where(and(eq(cases.urn, row.urn), eq(cases.status, row.status)))
    .returning();
  if (!after) {
    const [now] = await ctx.db.select({ status: cases.status }).from(cases).where(eq(cases.urn, row.urn));
    throw transitionError(now?.status ?? row.status, input.to) ?? conflict("INVALID_TRANSITION", "The case changed meanwhile; retry.");
  }
  const snap = (r: CaseRow) => ({ status: r.status, closedAt: r.closedAt, closeReason: r.closeReason });
  await writeAudit(ctx, { entity: "case", entityUrn: row.urn, action: input.action, airport: row.airport, reason: input.reason, before: snap(row), after: snap(after) });
  return after;
}
