import { sql } from "drizzle-orm";
import type { Ctx } from "@/lib/context";
import type { AirportBasis } from "./figures";

type Row = Record<string, unknown>;

/**
 * Per airport and hotel, the stays of live cases the hotel walked in [from, to) (lib/booking/walk.ts)
 * and how many of them were rehoused (a CONFIRMED or CHECKED_OUT replacement; a group housed later
 * by hand or by a rerun is not counted as rehoused). One statement, through reservations_walked_idx.
 */
export async function addWalks(ctx: Ctx, from: Date, to: Date, basis: (airport: string | null) => AirportBasis) {
  const result = await ctx.db.execute(sql`
    SELECT c.airport, r.hotel_urn, max(r.hotel_name) AS hotel_name, count(*)::int AS walks,
      count(*) FILTER (WHERE EXISTS (SELECT 1 FROM reservations s WHERE s.previous_urn = r.urn AND s.status IN ('CONFIRMED', 'CHECKED_OUT')))::int AS rehoused
    FROM reservations r
    JOIN cases c ON c.urn = r.case_urn
    WHERE r.tenant = ${ctx.principal.tenant} AND c.mode = 'LIVE' AND r.walked_at IS NOT NULL
      AND r.walked_at >= ${from.toISOString()}::timestamptz AND r.walked_at < ${to.toISOString()}::timestamptz
    GROUP BY c.airport, r.hotel_urn
  `);
  for (const r of (result as unknown as { rows: Row[] }).rows) {
    const walks = basis(r.airport as string).walks;
    const seen = walks[r.hotel_urn as string];
    walks[r.hotel_urn as string] = {
      hotelName: (r.hotel_name as string | null) ?? seen?.hotelName ?? null,
      walks: (seen?.walks ?? 0) + Number(r.walks),
      rehoused: (seen?.rehoused ?? 0) + Number(r.rehoused),
    };
  }
}
