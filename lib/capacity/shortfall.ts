import { sql } from "drizzle-orm";
import type { Ctx } from "@/lib/context";

/** The held causes that mean "no room left", as opposed to a policy or data problem no hotel's rooms would solve. */
export const ROOMLESS_CAUSES = ["CAPACITY", "NO_ACCESSIBLE_ROOM"] as const;

/**
 * Rooms the open live cases at an airport still need for lack of rooms: each group the newest wave
 * that held it held for want of rooms (CAPACITY, NO_ACCESSIBLE_ROOM) whose passengers are still
 * HELD (not placed since by a later wave, a rebook or a supervisor), counted once with that wave's
 * rooms. Groups held for other causes (no policy, mixed tiers) are left out: more rooms would not
 * place them. One statement, whatever the number of cases and waves.
 */
export async function roomsShortAt(ctx: Ctx, airport: string): Promise<number> {
  const causes = sql.join(ROOMLESS_CAUSES.map((c) => sql`${c}`), sql`, `);
  const result = (await ctx.db.execute(sql`
    select coalesce(sum(short.rooms), 0)::int as rooms from (
      select distinct on (w.case_urn, h.value->>'groupId') (h.value->>'rooms')::int as rooms, h.value->>'cause' as cause, w.case_urn, h.value->>'groupId' as group_id
      from allocation_waves w
      join cases c on c.urn = w.case_urn
      cross join lateral jsonb_array_elements(w.held) h
      where w.tenant = ${ctx.principal.tenant} and c.airport = ${airport} and c.mode = 'LIVE' and c.status <> 'CLOSED' and w.status <> 'SUPERSEDED'
      order by w.case_urn, h.value->>'groupId', w.created_at desc
    ) short
    where short.cause in (${causes})
      and exists (select 1 from passengers p where p.case_urn = short.case_urn and p.group_id = short.group_id and p.operational_status = 'HELD')
  `)) as { rows: { rooms: number }[] };
  return Number(result.rows[0]?.rooms ?? 0);
}
