import { and, eq, inArray, ne, sql } from "drizzle-orm";
import { demands, passengerGroups, reservations, reviewItems } from "@/db/schema";
import { requirePermission } from "@/lib/auth/require";
import { loadCase } from "@/lib/cases/load";
import type { Ctx } from "@/lib/context";
import { parseInput } from "@/lib/validation";
import type { ReservationStatus } from "@/lib/vocabulary";
import { CaseRef, type DemandSummary } from "@/lib/records/demand";
import { roomsHeldForLater } from "@/lib/records/held-rooms";
import { demandRoomTotals } from "@/lib/records/room-totals";
import { roomsRequested } from "./rules";
import { APPROVED_STATUSES } from "./transitions";

const BOOKED: ReservationStatus[] = ["CONFIRMED", "CHECKED_OUT"];
// spec 2.4's order: the most urgent categories first
const CATEGORY_ORDER = ["ALLOCATION_FAILED", "BOOKING_FAILED", "PAYMENT_FAILED", "PARTIAL_FULFILLMENT", "POLICY_VIOLATION", "MIXED_TIER_GROUP", "DATA_INCOMPLETE"];

/**
 * Spec 2.2's demand summary: rooms requested, approved, allocated and booked, and why some are
 * missing; `heldForLater` is the part of the shortfall no group waits for (lib/records/held-rooms.ts).
 */
export async function demandSummary({ ctx, input }: { ctx: Ctx; input: { caseUrn: string } }): Promise<DemandSummary> {
  requirePermission(ctx, "read", "read demand summaries");
  const { caseUrn } = parseInput(CaseRef, input);
  const caseRow = await loadCase(ctx, caseUrn);
  const scope = { caseUrn: caseRow.urn, tenant: caseRow.tenant };
  const rows = await ctx.db
    .select({ urn: demands.urn, status: demands.status, roomsRequested: demands.roomsRequested })
    .from(demands)
    .where(and(eq(demands.caseUrn, scope.caseUrn), eq(demands.tenant, scope.tenant)));
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  const totalRequested = roomsRequested(rows);
  const totalApproved = sum(rows.filter((d) => APPROVED_STATUSES.includes(d.status as never)).map((d) => d.roomsRequested));
  const rooms = await demandRoomTotals(ctx, scope);
  const totalAllocated = sum(rows.map((d) => rooms.get(d.urn)?.allocated ?? 0));

  // the whole case's booked rooms (a booking of a wave without a demand too), each group's once:
  // a re-accommodation's continuation holds the same rooms for more nights
  const [{ booked }] = await ctx.db
    .select({ booked: sql<number>`coalesce(sum(g.rooms), 0)`.mapWith(Number) })
    .from(
      ctx.db
        .select({ rooms: sql<number>`max(${reservations.rooms})`.as("rooms") })
        .from(reservations)
        .where(and(eq(reservations.caseUrn, scope.caseUrn), eq(reservations.tenant, scope.tenant), inArray(reservations.status, BOOKED)))
        .groupBy(reservations.waveUrn, reservations.groupId)
        .as("g"),
    );

  const shortfall = Math.max(0, totalApproved - booked);
  return {
    caseUrn: caseRow.urn,
    totalRequested,
    totalApproved,
    totalAllocated,
    totalBooked: booked,
    shortfall,
    heldForLater: Math.min(shortfall, await roomsHeldForLater(ctx, scope.caseUrn)),
    shortfallReasons: await shortfallReasons(ctx, scope),
  };
}

/** One entry per category of the case's open review items: the groups they hold and the rooms those need. */
async function shortfallReasons(ctx: Ctx, scope: { caseUrn: string; tenant: string }): Promise<DemandSummary["shortfallReasons"]> {
  const items = await ctx.db
    .select({ category: reviewItems.category, groups: reviewItems.affectedGroups })
    .from(reviewItems)
    .where(and(eq(reviewItems.caseUrn, scope.caseUrn), eq(reviewItems.tenant, scope.tenant), ne(reviewItems.state, "RESOLVED")));
  if (!items.length) return [];
  const groups = await ctx.db
    .select({ groupId: passengerGroups.groupId, rooms: passengerGroups.rooms })
    .from(passengerGroups)
    .where(and(eq(passengerGroups.caseUrn, scope.caseUrn), eq(passengerGroups.tenant, scope.tenant)));
  const roomsOf = new Map(groups.map((g) => [g.groupId, g.rooms]));
  const byCategory = new Map<string, Set<string>>();
  for (const item of items) {
    const set = byCategory.get(item.category) ?? new Set<string>();
    for (const g of item.groups ?? []) set.add(g);
    byCategory.set(item.category, set);
  }
  const rank = (c: string) => (CATEGORY_ORDER.includes(c) ? CATEGORY_ORDER.indexOf(c) : CATEGORY_ORDER.length);
  return [...byCategory.entries()]
    .sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b))
    .map(([category, set]) => ({
      category,
      groups: [...set],
      rooms: [...set].reduce((n, g) => n + (roomsOf.get(g) ?? 0), 0),
    }));
}
