import { and, eq, sql } from "drizzle-orm";
import { reservations } from "@/db/schema";
import type { Ctx } from "@/lib/context";
import type { ReservationStatus } from "@/lib/vocabulary";

export type RoomTotals = { allocated: number; booked: number };
export const NO_ROOMS: RoomTotals = { allocated: 0, booked: 0 };

const LIVE: ReservationStatus[] = ["PENDING", "CONFIRMED", "CHECKED_OUT"];
const BOOKED: ReservationStatus[] = ["CONFIRMED", "CHECKED_OUT"];

type Placement = { demandUrn: string; waveUrn: string; groupId: string; rooms: number; placed: boolean };
type ReservationFact = { waveUrn: string; groupId: string; status: string; rooms: number };

/**
 * Rooms allocated and booked per demand of a case, derived from what the waves and reservations
 * hold now (docs/booking.md says why they are not stored). Per demand and group, the group's latest
 * wave of that demand decides:
 * - booked: the group's CONFIRMED or CHECKED_OUT rooms in that wave. A re-accommodation's
 *   continuation or replacement carries the same rooms for other nights: a group counts its rooms
 *   once, however many reservations hold its nights;
 * - allocated: the group's live rooms there (pending, booked, a manual booking of a held group
 *   included); else the wave's placement while nothing was tried yet; a placement whose
 *   reservations were all cancelled or failed is released and counts nothing, a HELD group nothing.
 * Two queries: the waves' placements unnested in the database (never the wave's ranking inputs),
 * and the case's reservations (or the rows the caller already read).
 */
export async function demandRoomTotals(ctx: Ctx, scope: { caseUrn: string; tenant: string }, rows?: ReservationFact[]): Promise<Map<string, RoomTotals>> {
  const result = await ctx.db.execute(sql`
      SELECT w.demand_urn AS "demandUrn", w.urn AS "waveUrn", a.value->>'groupId' AS "groupId",
             coalesce((a.value->>'rooms')::int, 0) AS rooms, a.placed, w.created_at AS "createdAt"
      FROM allocation_waves w
      CROSS JOIN LATERAL (
        SELECT value, true AS placed FROM jsonb_array_elements(w.allocations)
        UNION ALL SELECT value, false FROM jsonb_array_elements(w.held)
      ) a
      WHERE w.case_urn = ${scope.caseUrn} AND w.tenant = ${scope.tenant} AND w.demand_urn IS NOT NULL
      ORDER BY w.created_at, w.urn`);
  const placements = (result as unknown as { rows: (Omit<Placement, "rooms"> & { rooms: number | string })[] }).rows;
  const facts =
    rows ??
    (await ctx.db
      .select({ waveUrn: reservations.waveUrn, groupId: reservations.groupId, status: reservations.status, rooms: reservations.rooms })
      .from(reservations)
      .where(and(eq(reservations.caseUrn, scope.caseUrn), eq(reservations.tenant, scope.tenant))));

  const byWaveGroup = new Map<string, ReservationFact[]>();
  for (const r of facts) {
    const key = `${r.waveUrn}|${r.groupId}`;
    byWaveGroup.set(key, [...(byWaveGroup.get(key) ?? []), r]);
  }
  // ordered oldest first: the latest wave of a demand that placed or held a group wins
  const latest = new Map<string, Placement>();
  for (const p of placements) latest.set(`${p.demandUrn}|${p.groupId}`, { ...p, rooms: Number(p.rooms) });
  // a wave's reservations of groups it never listed (none today) still count for its demand
  const waveDemand = new Map(placements.map((p) => [p.waveUrn, p.demandUrn]));
  for (const r of facts) {
    const demandUrn = waveDemand.get(r.waveUrn);
    if (demandUrn && !latest.has(`${demandUrn}|${r.groupId}`)) latest.set(`${demandUrn}|${r.groupId}`, { demandUrn, waveUrn: r.waveUrn, groupId: r.groupId, rooms: 0, placed: false });
  }

  const totals = new Map<string, RoomTotals>();
  for (const p of latest.values()) {
    const tried = byWaveGroup.get(`${p.waveUrn}|${p.groupId}`) ?? [];
    const most = (statuses: ReservationStatus[]) => Math.max(0, ...tried.filter((r) => statuses.includes(r.status as ReservationStatus)).map((r) => r.rooms));
    const live = most(LIVE);
    const allocated = live > 0 ? live : p.placed && tried.length === 0 ? p.rooms : 0;
    const t = totals.get(p.demandUrn) ?? { ...NO_ROOMS };
    t.allocated += allocated;
    t.booked += most(BOOKED);
    totals.set(p.demandUrn, t);
  }
  return totals;
}
