import type { z } from "zod";
import { and, eq, inArray, ne, sql, type SQL } from "drizzle-orm";
import { cases, demands, passengerGroups, passengers, reservations, reviewItems, type CaseRow } from "@/db/schema";
import { decodeCursor, paginate } from "@/lib/http/cursor";
import { requirePermission } from "@/lib/auth/require";
import type { Ctx } from "@/lib/context";
import { caseListScope } from "./list-scope";
import { parseInput } from "@/lib/validation";
import { CaseListQuery } from "./inputs";
import { caseOrder } from "./list-order";
import { matchesText } from "./list-search";
import type { CaseSummary } from "./records";
import { caseHeader } from "./to-record";

/**
 * GET /cases: the tenant's cases in the caller's airports, newest first (URNs are UUIDv7, so the
 * URN is both the order and a unique keyset), or sorted by flight, departure or status with the URN
 * as tie-break (the cursor then carries both). A FEED client lists only the cases it created.
 * Filtering on an airport outside the caller's claims is 403 OUT_OF_SCOPE, not an empty page.
 */
export async function listCases({ ctx, input: raw }: { ctx: Ctx; input: z.input<typeof CaseListQuery> }): Promise<{ items: CaseSummary[]; nextCursor: string | null }> {
  requirePermission(ctx, "case:read", "list cases");
  const input = parseInput(CaseListQuery, raw);
  const where = caseListScope(ctx, cases.tenant, input.airport);
  if (input.status) where.push(eq(cases.status, input.status));
  if (input.mode) where.push(eq(cases.mode, input.mode));
  if (input.externalEventId) where.push(eq(cases.externalEventId, input.externalEventId));
  if (input.flight) where.push(sql`${cases.flight}->>'number' = ${input.flight}`);
  if (input.q) where.push(matchesText(input.q));
  const order = caseOrder(input.sort, input.order);
  const after = decodeCursor(input.cursor, order.cursor);
  if (after) where.push(order.after(after));

  const rows = await ctx.db
    .select()
    .from(cases)
    .where(and(...where))
    .orderBy(...order.by)
    .limit(input.limit + 1);
  const page = paginate(rows, input.limit, order.keyOf);
  const totals = await pageTotals(ctx, page.items.map((r) => r.urn));
  return { items: page.items.map((r) => toSummary(r, totals)), nextCursor: page.nextCursor };
}

type Totals = Record<"passengers" | "roomsNeeded" | "roomsRequested" | "roomsBooked" | "openReviewItems", Map<string, number>>;

/** The counts of a page of cases, one grouped query each. */
async function pageTotals(ctx: Ctx, urns: string[]): Promise<Totals> {
  const totals: Totals = {
    passengers: new Map(),
    roomsNeeded: new Map(),
    roomsRequested: new Map(),
    roomsBooked: new Map(),
    openReviewItems: new Map(),
  };
  if (urns.length === 0) return totals;
  const n = (expr: SQL) => sql<number>`coalesce(${expr}, 0)`.mapWith(Number);
  const fill = (map: Map<string, number>, rows: { caseUrn: string; n: number }[]) => rows.forEach((r) => map.set(r.caseUrn, r.n));

  fill(totals.passengers, await ctx.db.select({ caseUrn: passengers.caseUrn, n: n(sql`count(*)`) }).from(passengers).where(inArray(passengers.caseUrn, urns)).groupBy(passengers.caseUrn));
  fill(
    totals.roomsNeeded,
    await ctx.db.select({ caseUrn: passengerGroups.caseUrn, n: n(sql`sum(${passengerGroups.rooms})`) }).from(passengerGroups).where(inArray(passengerGroups.caseUrn, urns)).groupBy(passengerGroups.caseUrn),
  );
  fill(
    totals.roomsRequested,
    await ctx.db
      .select({ caseUrn: demands.caseUrn, n: n(sql`sum(${demands.roomsRequested})`) })
      .from(demands)
      .where(and(inArray(demands.caseUrn, urns), ne(demands.status, "REJECTED")))
      .groupBy(demands.caseUrn),
  );
  fill(
    totals.roomsBooked,
    // each group's rooms once: a re-accommodation's continuation holds the same rooms for more nights
    await (async () => {
      const perGroup = ctx.db
        .select({ caseUrn: reservations.caseUrn, rooms: sql<number>`max(${reservations.rooms})`.as("rooms") })
        .from(reservations)
        .where(and(inArray(reservations.caseUrn, urns), inArray(reservations.status, ["CONFIRMED", "CHECKED_OUT"])))
        .groupBy(reservations.caseUrn, reservations.waveUrn, reservations.groupId)
        .as("g");
      return ctx.db.select({ caseUrn: perGroup.caseUrn, n: n(sql`sum(${perGroup.rooms})`) }).from(perGroup).groupBy(perGroup.caseUrn);
    })(),
  );
  fill(
    totals.openReviewItems,
    await ctx.db
      .select({ caseUrn: reviewItems.caseUrn, n: n(sql`count(*)`) })
      .from(reviewItems)
      .where(and(inArray(reviewItems.caseUrn, urns), ne(reviewItems.state, "RESOLVED")))
      .groupBy(reviewItems.caseUrn),
  );
  return totals;
}

function toSummary(row: CaseRow, totals: Totals): CaseSummary {
  const get = (m: Map<string, number>) => m.get(row.urn) ?? 0;
  return {
    ...caseHeader(row),
    createdBy: row.createdBy,
    passengers: get(totals.passengers),
    roomsNeeded: get(totals.roomsNeeded),
    roomsRequested: get(totals.roomsRequested),
    roomsBooked: get(totals.roomsBooked),
    openReviewItems: get(totals.openReviewItems),
  };
}
