import { and, eq, ne, sql } from "drizzle-orm";
import { cases, type CaseRow, passengers, reviewItems } from "@/db/schema";
import type { Ctx } from "@/lib/context";
import { emit } from "@/lib/events";
import type { CaseStatus } from "@/lib/vocabulary";
import { canTransition, moveCase } from "./transitions";

/**
 * What happened to the case, as the domain that saw it tells it. The status itself is decided here,
 * from the case's passengers and open review items; a fact only adds what they cannot show.
 */
export type CaseFact = {
  caseUrn: string;
  /** the audit entry's action: allocate, book, resolve, close */
  action: string;
  reason: string;
  /** an item was raised that stops the flow until a person acts (held groups, a failed booking, a partial wave) */
  review?: boolean;
  /** an allocation run started with something to place (nothing in the rows says so yet) */
  allocating?: boolean;
  /** every stay of the case ended (booking's check-out) */
  ended?: boolean;
};

export type Derived = { status: CaseStatus; moved: boolean };

/**
 * The case's status, derived and written with one guarded update (the only way a status changes
 * outside the case's own close and reopen verbs):
 * - CLOSED stays CLOSED (only an ADMIN reopen changes it); `ended` closes the case;
 * - `review` → MANUAL_REVIEW; `allocating` → ALLOCATING (a rerun from review included);
 * - a MANUAL_REVIEW case stays there while any item is unresolved, then returns to what its
 *   passengers say (spec 3.2 "returns to normal flow"), OPEN if nothing else;
 * - otherwise from the passengers: every one who needs a room BOOKED or CHECKED_OUT → ACCOMMODATED,
 *   some ALLOCATED (placed, awaiting their booking) → BOOKING, else as it is.
 * A move the transition table refuses is not made (the case keeps its status, nothing is thrown):
 * each fact is a hint, and the facts of one case arrive in any order. The row is locked first, so
 * of two derivations at once the second sees the first's result; the UPDATE names the status it read
 * (moveCase), so a writer that did not lock cannot be overwritten blindly. Moving to ACCOMMODATED
 * publishes `case/accommodated` (the airline's webhook). Runs in the caller's transaction when there
 * is one. Idempotent: deriving twice moves once.
 */
export async function deriveCaseStatus(ctx: Ctx, fact: CaseFact): Promise<Derived> {
  const [row] = await ctx.db.select().from(cases).where(eq(cases.urn, fact.caseUrn)).limit(1).for("update");
  if (!row) return { status: "CLOSED", moved: false };
  const current = row.status as CaseStatus;
  const to = await target(ctx, row, fact);
  if (!to || to === current || !canTransition(current, to)) return { status: current, moved: false };
  const closing = to === "CLOSED" ? { set: { closedAt: new Date(), closeReason: fact.reason } } : {};
  await moveCase(ctx, row, { to, action: fact.action, reason: fact.reason, ...closing });
  if (to === "ACCOMMODATED") await emit(ctx, "case/accommodated", { tenant: row.tenant, caseUrn: row.urn });
  return { status: to, moved: true };
}

async function target(ctx: Ctx, row: CaseRow, fact: CaseFact): Promise<CaseStatus | null> {
  if (row.status === "CLOSED") return null;
  if (fact.ended) return "CLOSED";
  if (fact.review) return "MANUAL_REVIEW";
  // a rerun from review takes the case back into allocation, open items or not (as the table allows)
  if (fact.allocating) return "ALLOCATING";
  if (row.status === "MANUAL_REVIEW") {
    const [open] = await ctx.db
      .select({ urn: reviewItems.urn })
      .from(reviewItems)
      .where(and(eq(reviewItems.caseUrn, row.urn), ne(reviewItems.state, "RESOLVED")))
      .limit(1);
    if (open) return null;
    return (await fromPassengers(ctx, row.urn)) ?? "OPEN";
  }
  return fromPassengers(ctx, row.urn);
}

/** ACCOMMODATED when everyone who needs a room has one, BOOKING while some await their booking. One aggregate read. */
async function fromPassengers(ctx: Ctx, caseUrn: string): Promise<CaseStatus | null> {
  const status = passengers.operationalStatus;
  const [n] = await ctx.db
    .select({
      roomed: sql<number>`count(*) filter (where ${status} not in ('LOCAL_RESIDENT', 'CANCELLED'))`.mapWith(Number),
      housed: sql<number>`count(*) filter (where ${status} in ('BOOKED', 'CHECKED_OUT'))`.mapWith(Number),
      allocated: sql<number>`count(*) filter (where ${status} = 'ALLOCATED')`.mapWith(Number),
    })
    .from(passengers)
    .where(eq(passengers.caseUrn, caseUrn));
  if (n && n.roomed > 0 && n.housed === n.roomed) return "ACCOMMODATED";
  if (n && n.allocated > 0) return "BOOKING";
  return null;
}
