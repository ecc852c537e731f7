import { and, type AnyColumn, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import { demands, passengerGroups, passengers } from "@/db/schema";
import type { Ctx } from "@/lib/context";
import { APPROVED_STATUSES } from "./demand";

/** Passengers who need no room: their group needs none unless someone else in it does. */
const ROOMLESS = ["LOCAL_RESIDENT", "CANCELLED"];

/**
 * Rooms a case's approvals cover beyond every group that needs a room (housed or waiting):
 * approved rooms no group waits for. They are held as a block for passengers added later: the
 * next group added to the case is placed into them first (lib/cases/add-passengers.ts), and they
 * are never a shortfall nor rooms "not yet placed". An expression over a case urn column, so the
 * case page reads one case and the board sums the open cases in one query.
 */
export function heldForLaterOf(caseUrn: SQL | AnyColumn): SQL<number> {
  const approved = sql`(select coalesce(sum(d.rooms_requested), 0) from ${demands} d
    where d.case_urn = ${caseUrn} and d.status in (${sql.join(APPROVED_STATUSES.map((s) => sql`${s}`), sql`, `)}))`;
  const needed = sql`(select coalesce(sum(g.rooms), 0) from ${passengerGroups} g
    where g.case_urn = ${caseUrn} and exists (select 1 from ${passengers} p
      where p.case_urn = g.case_urn and p.group_id = g.group_id and p.operational_status not in (${sql.join(ROOMLESS.map((s) => sql`${s}`), sql`, `)})))`;
  return sql<number>`greatest(0, ${approved} - ${needed})::int`;
}

/** The rooms held for passengers added later on one case. */
export async function roomsHeldForLater(ctx: Ctx, caseUrn: string): Promise<number> {
  const result = await ctx.db.execute(sql`select ${heldForLaterOf(sql`${caseUrn}`)} as n`);
  const [row] = (result as unknown as { rows: { n: number | string }[] }).rows;
  return Number(row?.n ?? 0);
}

/** The newest approved demand of a case: the one a group placed into the held block is allocated under. */
export async function latestApprovedDemand(ctx: Ctx, scope: { caseUrn: string; tenant: string }): Promise<string | null> {
  const [row] = await ctx.db
    .select({ urn: demands.urn })
    .from(demands)
    .where(and(eq(demands.caseUrn, scope.caseUrn), eq(demands.tenant, scope.tenant), inArray(demands.status, [...APPROVED_STATUSES])))
    .orderBy(desc(demands.createdAt))
    .limit(1);
  return row?.urn ?? null;
}
