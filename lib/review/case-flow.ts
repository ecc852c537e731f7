import { and, eq, ne, notInArray } from "drizzle-orm";
import { cases, type CaseRow, passengerGroups, passengers, reviewItems } from "@/db/schema";
import { deriveCaseStatus } from "@/lib/cases/derive-status";
import type { Ctx } from "@/lib/context";
import { emit } from "@/lib/events";
import type { OperationalStatus } from "@/lib/vocabulary";

const ROOMLESS: OperationalStatus[] = ["LOCAL_RESIDENT", "CANCELLED"];

/**
 * After an item is resolved (spec 3.2: "case returns to normal flow"): when no unresolved item is
 * left, a MANUAL_REVIEW case moves to what its groups say (lib/cases/derive-status.ts: ACCOMMODATED
 * when every group is booked, BOOKING while some are allocated and await their booking, OPEN
 * otherwise) — and groups
 * still awaiting allocation are allocated again (`allocation/requested`). HELD groups are not
 * re-run by a resolve: they were held for a reason the operator has just judged; relax, rebook,
 * split or a wave rerun move them.
 */
export async function returnCaseToFlow(ctx: Ctx, row: CaseRow, reason: string): Promise<{ status: string; rerun: string[] }> {
  const [open] = await ctx.db
    .select({ urn: reviewItems.urn })
    .from(reviewItems)
    .where(and(eq(reviewItems.caseUrn, row.urn), ne(reviewItems.state, "RESOLVED")))
    .limit(1);
  const [current] = await ctx.db.select().from(cases).where(eq(cases.urn, row.urn)).limit(1);
  if (open) return { status: current.status, rerun: [] };

  const groups = await ctx.db
    .select({ groupId: passengerGroups.groupId, reservationUrn: passengerGroups.reservationUrn })
    .from(passengerGroups)
    .where(eq(passengerGroups.caseUrn, row.urn));
  const pax = await ctx.db
    .select({ groupId: passengers.groupId, status: passengers.operationalStatus })
    .from(passengers)
    .where(and(eq(passengers.caseUrn, row.urn), notInArray(passengers.operationalStatus, ROOMLESS)));
  const statusesOf = (groupId: string) => pax.filter((p) => p.groupId === groupId).map((p) => p.status);
  const housed = groups.filter((g) => statusesOf(g.groupId).length > 0);
  const waiting = housed.filter((g) => !g.reservationUrn && statusesOf(g.groupId).includes("AWAITING_ALLOCATION")).map((g) => g.groupId);

  // no item left: a case in review returns to what its passengers say (lib/cases derives it)
  const status = current.status === "MANUAL_REVIEW" ? (await deriveCaseStatus(ctx, { caseUrn: row.urn, action: "resolve", reason })).status : current.status;
  if (waiting.length) {
    await emit(ctx, "allocation/requested", { tenant: ctx.principal.tenant, caseUrn: row.urn, demandUrn: null, reason: `review resolved: ${reason}`, groupIds: waiting });
  }
  return { status, rerun: waiting };
}
